import { reloadOnNextNavigation } from './app-update';

/**
 * The service worker keeps the app shell for offline starts; a new version takes over on its own and is loaded at the
 * next navigation. Its code loads, and it registers, once the page has loaded and the browser is idle: its install
 * fetches the whole app, which must not compete with the page's own code and first render. A page registers once
 * (lib/page-services.ts).
 */
export function registerServiceWorkerWhenIdle(): void {
  if (document.readyState === 'complete') registerWhenIdle();
  else window.addEventListener('load', registerWhenIdle, { once: true });
}

function registerWhenIdle(): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(registerServiceWorker, { timeout: 5000 });
  else setTimeout(registerServiceWorker, 1000);
}

function registerServiceWorker(): void {
  import('virtual:pwa-register')
    .then(({ registerSW }) =>
      registerSW({
        immediate: true,
        onNeedReload: reloadOnNextNavigation,
        onRegisterError: (error: unknown) => {
          console.warn('The app could not be installed for offline use', error);
          if (!navigator.onLine) registerOnceOnline();
        },
      }),
    )
    .catch(registerOnceOnline);
}

/** The connection went before the worker's code or script could be fetched: it is installed once it is back. */
function registerOnceOnline(): void {
  window.addEventListener('online', registerServiceWorker, { once: true });
}
