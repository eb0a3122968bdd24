import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../../lib/paths';
import { useAuth } from '../../../../lib/session/auth-context';
import { todayKey } from '../../../../lib/today';
import { usePageTitle } from '../../../../lib/use-page-title';
import { Button } from '../../../../ui/Button';
import { Notice } from '../../../../ui/Notice';
import { MOOD_WORDS } from '../../../../../shared/mood';
import { formatDayHeading, lateWriteNote } from '../../list/journal-view';
import { loadErrorMessages } from '../../load-status/load-failure';
import { AnswerText, loadAnswerMarkdown } from '../../reading/components/AnswerText';
import { shownAnswers } from '../../reading/entry-answers';
import { useJournalExport } from '../api';
import {
  groupByDay,
  isShortAnswer,
  writtenTime,
  type ExportedEntry,
  type PrintedDay,
} from '../journal-export';
import { describeRange, emptyRangeMessage, printPath, readPrintRange } from '../print-range';
import { RangePicker } from './RangePicker';
import { photoUrl } from '../../../../../shared/photos';
import '../../../../styles/print.css';

/** How the day felt, the entry's tags and when it was added after its own day, as its card says them. */
function aboutTheEntry(entry: ExportedEntry): string | null {
  const parts = [
    entry.mood ? `Felt ${MOOD_WORDS[entry.mood]}` : null,
    entry.tags?.length ? entry.tags.map((tag) => `#${tag}`).join(' ') : null,
    lateWriteNote(entry),
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}

function PrintedEntry({ entry }: { entry: ExportedEntry }) {
  const time = writtenTime(entry);
  const about = aboutTheEntry(entry);
  return (
    <article className="print-entry">
      {time !== null && (
        <p className="print-entry-time">
          <time dateTime={entry.date}>{time}</time>
        </p>
      )}
      {about && (
        <p className="print-entry-about" dir="auto">
          {about}
        </p>
      )}
      <dl className="print-answers">
        {shownAnswers(entry).map((answer) => (
          <div key={answer.key} className={isShortAnswer(answer.text) ? 'print-answer print-answer-short' : 'print-answer'}>
            <dt dir={answer.field ? undefined : 'auto'}>{answer.prompt}</dt>
            <dd dir="auto" className="answer-text">
              <AnswerText text={answer.text} />
            </dd>
          </div>
        ))}
      </dl>
      {entry.photos && (
        <div className="print-photos">
          {entry.photos.map((photo, index) => (
            <img
              key={photo.id}
              src={photoUrl(photo.id, 'full')}
              width={photo.width}
              height={photo.height}
              alt={`Photo ${index + 1} of ${entry.photos?.length ?? 0}`}
            />
          ))}
        </div>
      )}
    </article>
  );
}

/** One day: its date, then its entries, oldest first. In print it starts a page of its own. */
function PrintedDaySection({ day }: { day: PrintedDay }) {
  return (
    <section className="print-sheet print-day" aria-label={formatDayHeading(day.day, 'long')}>
      <h2 className="print-day-heading">{formatDayHeading(day.day, 'long')}</h2>
      {day.entries.map((entry) => (
        <PrintedEntry key={entry.id} entry={entry} />
      ))}
    </section>
  );
}

/**
 * /print (protected): the journal, a month, a year or all of it, laid out as a book for the browser to print or save
 * as a PDF. A title page, then each day on a page of its own with the prompts its entries answered. The toolbar
 * (range, print button, way back) is for the screen only.
 */
export function PrintPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { profile, user } = useAuth();
  const today = todayKey();
  const range = readPrintRange(params, today);
  const rangeWords = describeRange(range);
  usePageTitle(rangeWords);

  const query = useJournalExport(range);
  // The pages to print are the whole range at once: the Markdown reader loads while the entries do, so that answers
  // in Markdown read as they do from their first frame. A load that fails leaves them as typed.
  useEffect(() => {
    loadAnswerMarkdown().catch(() => undefined);
  }, []);

  const days = query.data ? groupByDay(query.data.entries) : [];
  const displayName = query.data?.profile?.displayName ?? profile?.displayName ?? user?.displayName ?? '';
  const printable = days.length > 0;

  return (
    <div className="print-view">
      <div className="print-toolbar" role="region" aria-label="Print options">
        <Link to={paths.settings} className="back-link">
          <span aria-hidden="true">←</span> Back to Settings
        </Link>
        <RangePicker
          range={range}
          today={today}
          onChange={(next) => void navigate(printPath(next), { replace: true })}
        />
        <div className="print-actions">
          <Button className="print-button" disabled={!printable} onClick={() => window.print()}>
            Print or save as PDF
          </Button>
          <p className="print-hint muted">
            Each day starts a new page. To keep a PDF, choose &ldquo;Save as PDF&rdquo; as the printer.
          </p>
        </div>
      </div>

      <div className="print-book">
        <section className="print-sheet print-title-page" aria-labelledby="print-title">
          <h1 id="print-title" className="print-title">
            Gratitude Journal
          </h1>
          {displayName && <p className="print-owner break-anywhere">{displayName}</p>}
          <p className="print-range-words">{rangeWords}</p>
        </section>

        {query.isPending ? (
          <p role="status" className="print-status loading-pulse">
            Loading your entries...
          </p>
        ) : query.isError ? (
          <Notice tone="error" className="print-status">
            <p>{loadErrorMessages(query.error).inline}</p>
            <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </Notice>
        ) : printable ? (
          days.map((day) => <PrintedDaySection key={day.day} day={day} />)
        ) : (
          <p role="status" className="print-status print-empty">
            {emptyRangeMessage(range)}
          </p>
        )}
      </div>
    </div>
  );
}
