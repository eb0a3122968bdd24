import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './AppProviders';
import { RouterNavigation } from './router-navigation';
import { AppRoutes } from './router';
import { UpdateOnNavigation } from './UpdateOnNavigation';

/** The app inside a router: the browser's in the page, a static one where pages are rendered ahead of time. */
export function AppContent({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <RouterNavigation>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
        <UpdateOnNavigation />
      </AppProviders>
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
