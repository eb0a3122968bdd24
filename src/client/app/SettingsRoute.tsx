import { useQueryClient } from '@tanstack/react-query';
import { ImportSection } from '../features/import/components/ImportSection';
import { journalKeys } from '../features/journal/api';
import { DataSection } from '../features/journal/print/components/DataSection';
import { TagsSection } from '../features/journal/tags/components/TagsSection';
import { RemindersSection } from '../features/reminders/components/RemindersSection';
import { SettingsPage } from '../features/settings/components/SettingsPage';

/**
 * /settings: the settings page with the sections other features bring to it. Features import no other feature
 * (docs/architecture.md, "Client layout"), so the page is put together here, as the router puts the app together.
 */
export function SettingsRoute() {
  const queryClient = useQueryClient();
  // Entries came in (even from an import that failed halfway): the journal's lists and numbers are read again. Here
  // rather than in the journal's api.ts, whose code every journal page loads.
  const refreshJournal = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: journalKeys.entries }),
      queryClient.invalidateQueries({ queryKey: journalKeys.stats }),
    ]);
  return (
    <SettingsPage
      reminders={<RemindersSection />}
      tags={<TagsSection />}
      data={<DataSection />}
      journalImport={<ImportSection afterImport={refreshJournal} />}
    />
  );
}
