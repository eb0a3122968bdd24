import { reloadOnNextNavigation } from './app-update';
import { whenIdle } from './when-idle';

/**
 * The service worker keeps the app shell for offline starts; a new version takes over on its own and is loaded at the
 * next navigation. Its code loads, and it registers, once the page has loaded and the browser is idle: its install
 * fetches the whole app, which must not compete with the page's own code and first render. A page registers once,
 * whichever start calls first: the landing page's light start may hand over to the app.
 */
let registering = false;

export function registerServiceWorkerWhenIdle(): void {
  if (registering) return;
  registering = true;
  whenIdle(registerServiceWorker);
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
