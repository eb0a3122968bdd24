import { Outlet } from 'react-router';
import { useJournalCopyFill } from '../features/journal/offline-copy/use-journal-copy';
import { FocusAfterNavigation } from './FocusAfterNavigation';
import { PageLayout } from './PageLayout';
import { OpenFromNotification } from './OpenFromNotification';
import { ScrollToTop } from './ScrollToTop';
import { WelcomeGate } from './WelcomeGate';

/** The device's copy of the journal is kept current on every signed-in page, not only while the journal is shown. */
function KeepJournalCopy() {
  useJournalCopyFill();
  return null;
}

export function AppLayout() {
  return (
    <>
      <PageLayout>
        <WelcomeGate />
        <Outlet />
      </PageLayout>
      <ScrollToTop />
      <FocusAfterNavigation />
      <OpenFromNotification />
      <KeepJournalCopy />
    </>
  );
}
