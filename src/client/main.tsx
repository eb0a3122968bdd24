import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app/App';
import { preloadPage } from './app/router';
import { probeServer } from './lib/api';
import { reloadOnNextNavigation } from './lib/app-update';
import { watchConnection } from './lib/connection/watch-connection';
import { applyTheme, readStoredTheme } from './lib/theme';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';

// zod would probe for eval (to compile faster parsers); the CSP forbids eval, so tell it not to try. zod reads
// this global when it first loads (in a later chunk), so the setting costs the first screen nothing.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } });

// /theme-boot.js has already painted the remembered theme; this keeps the app's own record of it in step.
applyTheme(readStoredTheme());
watchConnection(probeServer);

// The service worker keeps the app shell for offline starts; a new version takes over on its own and is loaded
// at the next navigation. It registers once the page has loaded, so caching the shell does not slow the first screen.
registerSW({
  onNeedReload: reloadOnNextNavigation,
  onRegisterError: (error: unknown) => console.warn('The app could not be installed for offline use', error),
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

preloadPage(window.location.pathname);

// As a transition, the first render yields to the browser every few milliseconds instead of holding the main
// thread until the whole page is built, so taps and scrolls are answered while the app starts.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
