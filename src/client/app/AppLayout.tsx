import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ReplayEarlyInput } from '../lib/early-input';
import { LoadingScreen } from '../ui/LoadingScreen';
import { AnnouncementBanner } from './AnnouncementBanner';
import { FocusAfterNavigation } from './FocusAfterNavigation';
import { Footer } from './Footer';
import { Header } from './Header';
import { InstallBanner } from './InstallBanner';
import { ScrollToTop } from './ScrollToTop';

export function AppLayout() {
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <AnnouncementBanner />
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
          <ReplayEarlyInput />
        </Suspense>
      </main>
      <Footer />
      <InstallBanner />
      <ScrollToTop />
      <FocusAfterNavigation />
    </div>
  );
}
