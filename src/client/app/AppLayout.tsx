import { Outlet } from 'react-router';
import { FocusAfterNavigation } from './FocusAfterNavigation';
import { PageLayout } from './PageLayout';
import { OpenFromNotification } from './OpenFromNotification';
import { ScrollToTop } from './ScrollToTop';

export function AppLayout() {
  return (
    <>
      <PageLayout>
        <Outlet />
      </PageLayout>
      <ScrollToTop />
      <FocusAfterNavigation />
      <OpenFromNotification />
    </>
  );
}
