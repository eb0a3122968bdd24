import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import type { SessionUser } from '../../shared/profile-schemas';
import { AccountMenu } from './AccountMenu';
import { AppProviders } from './AppProviders';
import { AccountMenuContext } from './Header';
import { RouterNavigation } from './router-navigation';
import { AppRoutes } from './router';
import { UpdateOnNavigation } from './UpdateOnNavigation';

const accountMenu = (user: SessionUser) => <AccountMenu user={user} />;

/** The app inside a router: the browser's in the page, a static one where pages are rendered ahead of time. */
export function AppContent({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <RouterNavigation>
      <AccountMenuContext.Provider value={accountMenu}>
        <AppProviders queryClient={queryClient}>
          <AppRoutes />
          <UpdateOnNavigation />
        </AppProviders>
      </AccountMenuContext.Provider>
    </RouterNavigation>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}
