import { Suspense, type ReactNode } from 'react';
import { ReplayEarlyInput } from '../lib/early-input';
import { LoadingScreen } from '../ui/LoadingScreen';
import { AnnouncementBanner } from './AnnouncementBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { InstallBanner } from './InstallBanner';

/**
 * What every page stands in: the announcement, the header, the page, the footer. The app's router draws its pages in
 * it (AppLayout), and so does the landing page's light start, which must draw the same markup to take the page over.
 */
export function PageLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <AnnouncementBanner />
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<LoadingScreen />}>
          {children}
          <ReplayEarlyInput />
        </Suspense>
      </main>
      <Footer />
      <InstallBanner />
    </div>
  );
}
