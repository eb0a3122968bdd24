import { Outlet } from 'react-router';
import { FocusAfterNavigation } from './FocusAfterNavigation';
import { PageLayout } from './PageLayout';
import { OpenFromNotification } from './OpenFromNotification';
import { ScrollToTop } from './ScrollToTop';
import { WelcomeGate } from './WelcomeGate';

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
    </>
  );
}
