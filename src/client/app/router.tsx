import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage, preloadSignupForm } from '../features/auth/LoginPage';
import { GuestOnly, RequireVerifiedUser } from '../features/auth/RouteGuards';
import { JournalFrame } from '../features/journal/JournalFrame';
import { LandingPage } from '../features/landing/LandingPage';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { AppLayout } from './AppLayout';
import { paths } from './paths';
import { WriteToday } from './WriteToday';

// The visitor's first screens ship in the main bundle; the rest load when first opened, or earlier (preloadPage).
const journal = lazyWithPreload(() =>
  import('../features/journal/JournalPage').then((module) => module.JournalPage),
);
const settings = lazyWithPreload(() =>
  import('../features/settings/SettingsPage').then((module) => module.SettingsPage),
);
const print = lazyWithPreload(() => import('../features/print/PrintPage').then((module) => module.PrintPage));
const about = lazyWithPreload(() => import('../features/about/AboutPage').then((module) => module.AboutPage));
const unsubscribe = lazyWithPreload(() =>
  import('../features/reminders/UnsubscribePage').then((module) => module.UnsubscribePage),
);
const emailAction = lazyWithPreload(() =>
  import('../features/auth/EmailActionPage').then((module) => module.EmailActionPage),
);
const JournalPage = journal.Component;
const SettingsPage = settings.Component;
const PrintPage = print.Component;
const AboutPage = about.Component;
const EmailActionPage = emailAction.Component;
const UnsubscribePage = unsubscribe.Component;

/**
 * Starts loading the code of the page the app opens on, so it downloads while the session is checked instead of
 * after: a returning user's journal appears one round trip sooner. The promise answers once it is here (or could not
 * be fetched): main.tsx waits for it before taking over a page made ahead of time.
 */
export function preloadPage(pathname: string, search: string): Promise<unknown> {
  if (pathname === paths.login) {
    const signup = new URLSearchParams(search).get('mode') === 'signup';
    return signup ? preloadSignupForm().catch(() => undefined) : Promise.resolve();
  }
  const page = {
    [paths.journal]: journal,
    [paths.writeToday]: journal,
    [paths.settings]: settings,
    [paths.print]: print,
    [paths.about]: about,
    [paths.verifyEmail]: emailAction,
    [paths.unsubscribe]: unsubscribe,
  }[pathname];
  return page ? page.preload().catch(() => undefined) : Promise.resolve();
}

/** The route table of docs/product.md §2. A declarative router: the data router's extra weight buys nothing here. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route
          path={paths.home}
          element={
            <GuestOnly>
              <LandingPage />
            </GuestOnly>
          }
        />
        <Route
          path={paths.login}
          element={
            <GuestOnly>
              <LoginPage />
            </GuestOnly>
          }
        />
        <Route path={paths.verifyEmail} element={<EmailActionPage />} />
        <Route
          path={paths.settings}
          element={
            <RequireVerifiedUser>
              <SettingsPage />
            </RequireVerifiedUser>
          }
        />
        <Route
          path={paths.print}
          element={
            <RequireVerifiedUser>
              <PrintPage />
            </RequireVerifiedUser>
          }
        />
        <Route
          path={paths.journal}
          element={
            <RequireVerifiedUser loading={<JournalFrame />}>
              <Suspense fallback={<JournalFrame />}>
                <JournalPage />
              </Suspense>
            </RequireVerifiedUser>
          }
        />
        <Route
          path={paths.writeToday}
          element={
            <RequireVerifiedUser>
              <WriteToday />
            </RequireVerifiedUser>
          }
        />
        <Route path={paths.unsubscribe} element={<UnsubscribePage />} />
        <Route path={paths.about} element={<AboutPage />} />
        <Route path="*" element={<Navigate to={paths.home} replace />} />
      </Route>
    </Routes>
  );
}
