import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { GuestOnly, RequireVerifiedUser } from '../features/auth/RouteGuards';
import { LandingPage } from '../features/landing/LandingPage';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { AppLayout } from './AppLayout';
import { paths } from './paths';

/** A page that loads when first opened, and can be asked to start loading earlier. */
function lazyPage<T extends ComponentType>(load: () => Promise<T>) {
  const { Component, preload } = lazyWithPreload(load);
  return { Page: Component, preload };
}

// The visitor's first screens ship in the main bundle; the rest load when first opened.
const journal = lazyPage(() => import('../features/journal/JournalPage').then((module) => module.JournalPage));
const settings = lazyPage(() => import('../features/settings/SettingsPage').then((module) => module.SettingsPage));
const about = lazyPage(() => import('../features/about/AboutPage').then((module) => module.AboutPage));
const emailAction = lazyPage(() =>
  import('../features/auth/EmailActionPage').then((module) => module.EmailActionPage),
);
const JournalPage = journal.Page;
const SettingsPage = settings.Page;
const AboutPage = about.Page;
const EmailActionPage = emailAction.Page;

/**
 * Starts loading the code of the page the app opens on, so it downloads while the session is checked instead of
 * after: a returning user's journal appears one round trip sooner.
 */
export function preloadPage(pathname: string): void {
  const page = {
    [paths.journal]: journal,
    [paths.settings]: settings,
    [paths.about]: about,
    [paths.verifyEmail]: emailAction,
  }[pathname];
  void page?.preload().catch(() => undefined);
}

/** The route table of SPEC.md section 2. A declarative router: the data router's extra weight buys nothing here. */
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
          path={paths.journal}
          element={
            <RequireVerifiedUser>
              <JournalPage />
            </RequireVerifiedUser>
          }
        />
        <Route path={paths.about} element={<AboutPage />} />
        <Route path="*" element={<Navigate to={paths.home} replace />} />
      </Route>
    </Routes>
  );
}
