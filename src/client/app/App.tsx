import { BrowserRouter } from 'react-router';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './router';
import { UpdateOnNavigation } from './UpdateOnNavigation';

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
        <UpdateOnNavigation />
      </AppProviders>
    </BrowserRouter>
  );
}
