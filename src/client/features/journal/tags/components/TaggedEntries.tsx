import { Link } from 'react-router';
import { paths } from '../../../../lib/paths';
import { todayKey } from '../../../../lib/today';
import { useFocusOnMount } from '../../../../lib/use-focus-on-mount';
import '../../../../styles/tags.css';
import { DayGroupedPages } from '../../list/components/DayGroupedPages';
import { useEntryDeletion } from '../../list/components/use-entry-deletion';
import { formatDayHeading } from '../../list/day-heading';
import { withPendingWrites } from '../../list/pending-entries';
import { useListLoad } from '../../load-status/components/ListStatus';
import { usePendingWrites } from '../../sync/entry-writes';
import { useTagEntries } from '../api';

const longDayHeading = (dayKey: string) => formatDayHeading(dayKey, 'long');

/**
 * /journal?tag=family (docs/product.md §5): the writer's entries with a tag, newest first, a page at a time, with
 * the way back to the journal. Writes waiting in the outbox are laid over them: an edit that takes the tag off takes
 * the entry off the list, and a new entry with the tag joins it.
 */
export function TaggedEntries({ tag }: { tag: string }) {
  const today = todayKey();
  const query = useTagEntries(tag);
  // The app moves the focus after a navigation (FocusAfterNavigation); the heading takes it back after a delete.
  const headingRef = useFocusOnMount<HTMLHeadingElement>(false);
  const deletion = useEntryDeletion(headingRef);
  const pendingWrites = usePendingWrites();
  const entries = withPendingWrites(query.data?.pages.flatMap((page) => page.entries) ?? [], pendingWrites, () => true).filter(
    (entry) => entry.tags?.includes(tag),
  );
  const load = useListLoad(query, entries.length, query.isError && !query.isFetchNextPageError);

  return (
    <div className="journal-list tagged-entries">
      <header className="tag-filter-header">
        <h1 ref={headingRef} tabIndex={-1} className="tag-filter-title" dir="auto">
          Entries tagged #{tag}
        </h1>
        <Link to={paths.journal}>Back to your journal</Link>
      </header>
      <DayGroupedPages
        source={`tag:${tag}`}
        query={query}
        entries={entries}
        load={load}
        empty={`No entries are tagged #${tag}`}
        className="entries"
        dayTitle={longDayHeading}
        today={today}
        onDelete={deletion.ask}
        deletingId={deletion.deletingId}
      />
      {deletion.dialog}
    </div>
  );
}
