import { useQueryClient } from '@tanstack/react-query';
import { ImportSection } from '../features/import/components/ImportSection';
import { refreshJournalData } from '../features/journal/api';
import { DataSection } from '../features/journal/print/components/DataSection';
import { RemindersSection } from '../features/reminders/components/RemindersSection';
import { SettingsPage } from '../features/settings/components/SettingsPage';

/**
 * /settings: the settings page with the sections other features bring to it. Features import no other feature
 * (docs/architecture.md, "Client layout"), so the page is put together here, as the router puts the app together.
 */
export function SettingsRoute() {
  const queryClient = useQueryClient();
  return (
    <SettingsPage
      reminders={<RemindersSection />}
      data={<DataSection />}
      journalImport={<ImportSection afterImport={() => refreshJournalData(queryClient)} />}
    />
  );
}
