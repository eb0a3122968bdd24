import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage, preloadSignupForm } from '../features/auth/components/LoginPage';
import { GuestOnly, RequireVerifiedUser } from '../features/auth/components/RouteGuards';
import { JournalFrame } from '../features/journal/components/JournalFrame';
import { LandingPage } from '../features/landing/components/LandingPage';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { paths } from '../lib/paths';
import { type SignInTarget, warmUpForSignIn } from '../lib/sign-in-warmup';
import { AppLayout } from './AppLayout';
import { WriteToday } from './WriteToday';

// The visitor's first screens ship in the main bundle; the rest load when first opened, or earlier (preloadPage).
const journal = lazyWithPreload(() =>
  import('../features/journal/components/JournalPage').then((module) => module.JournalPage),
);
const settings = lazyWithPreload(() => import('./SettingsRoute').then((module) => module.SettingsRoute));
const print = lazyWithPreload(() =>
  import('../features/journal/print/components/PrintPage').then((module) => module.PrintPage),
);
const insights = lazyWithPreload(() =>
  import('../features/insights/components/InsightsPage').then((module) => module.InsightsPage),
);
const about = lazyWithPreload(() =>
  import('../features/about/components/AboutPage').then((module) => module.AboutPage),
);
const unsubscribe = lazyWithPreload(() =>
  import('../features/reminders/components/UnsubscribePage').then((module) => module.UnsubscribePage),
);
const emailAction = lazyWithPreload(() =>
  import('../features/auth/components/EmailActionPage').then((module) => module.EmailActionPage),
);
const JournalPage = journal.Component;
const SettingsPage = settings.Component;
const PrintPage = print.Component;
const InsightsPage = insights.Component;
const AboutPage = about.Component;
const EmailActionPage = emailAction.Component;
const UnsubscribePage = unsubscribe.Component;

/**
 * The code loaded lazily for each address the app can open on, keyed as the pages made ahead of time are (the sign-in
 * page's sign-up mode has an address of its own; vite.config.ts names the same files in those pages' heads).
 * `drawn`: the page's ready-made markup holds what this code draws, so the app takes the markup over only once the
 * code is here. The journal's markup is its frame, drawn by the first screen's own code.
 */
const PAGE_CODE: Record<string, { preload: () => Promise<unknown>; drawn: boolean }> = {
  [paths.journal]: { preload: journal.preload, drawn: false },
  [paths.writeToday]: { preload: journal.preload, drawn: false },
  [paths.settings]: { preload: settings.preload, drawn: false },
  [paths.print]: { preload: print.preload, drawn: false },
  [paths.insights]: { preload: insights.preload, drawn: false },
  [paths.about]: { preload: about.preload, drawn: true },
  [`${paths.login}?mode=signup`]: { preload: preloadSignupForm, drawn: true },
  [paths.verifyEmail]: { preload: emailAction.preload, drawn: false },
  [paths.unsubscribe]: { preload: unsubscribe.preload, drawn: false },
};

/**
 * Starts loading the code of the page the app opens on, so it downloads while the session is checked instead of
 * after: a returning user's journal appears one round trip sooner. The promise answers once the page's ready-made
 * markup can be taken over (app-start.tsx): when the code it draws is here (or could not be fetched), at once otherwise.
 */
export function preloadPage(pathname: string, search: string): Promise<unknown> {
  const signup = pathname === paths.login && new URLSearchParams(search).get('mode') === 'signup';
  const page = PAGE_CODE[signup ? `${paths.login}?mode=signup` : pathname];
  if (!page) return Promise.resolve();
  const loading = page.preload().catch(() => undefined);
  return page.drawn ? loading : Promise.resolve();
}

/** The journal's first screen's data, asked for while the writer signs in (features/journal/first-screen.ts). */
const loadFirstScreen = () => import('../features/journal/first-screen');
const opensToday = ({ pathname, search }: SignInTarget) => pathname === paths.journal && search === '';

warmUpForSignIn((target, queryClient) => {
  void preloadPage(target.pathname, target.search);
  if (opensToday(target)) void loadFirstScreen().then((page) => page.prefetchToday(queryClient), () => undefined);
});

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
          path={paths.insights}
          element={
            <RequireVerifiedUser>
              <InsightsPage />
            </RequireVerifiedUser>
          }
        />
        <Route
          path={paths.journal}
          element={
            // The boundary stands around the session check, so that the check's frame is what stays on screen while
            // the journal behind it waits for its code or its quote (RequireVerifiedUser draws it as a deferred value,
            // and a deferred render that suspends keeps what is shown).
            <Suspense fallback={<JournalFrame />}>
              <RequireVerifiedUser loading={<JournalFrame />}>
                <JournalPage />
              </RequireVerifiedUser>
            </Suspense>
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
