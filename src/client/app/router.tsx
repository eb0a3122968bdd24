import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { GuestOnly, RequireVerifiedUser } from '../features/auth/RouteGuards';
import { LandingPage } from '../features/landing/LandingPage';
import { AppLayout } from './AppLayout';
import { paths } from './paths';

// The visitor's first screens ship in the main bundle; the rest load when first opened.
const JournalPage = lazy(() =>
  import('../features/journal/JournalPage').then((module) => ({ default: module.JournalPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/SettingsPage').then((module) => ({ default: module.SettingsPage })),
);
const AboutPage = lazy(() => import('../features/about/AboutPage').then((module) => ({ default: module.AboutPage })));
const EmailActionPage = lazy(() =>
  import('../features/auth/EmailActionPage').then((module) => ({ default: module.EmailActionPage })),
);

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
