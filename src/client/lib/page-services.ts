import { probeServer } from './api';
import { watchConnection } from './connection/watch-connection';
import { captureInstallPrompt } from './mobile-install';
import { registerServiceWorkerWhenIdle } from './service-worker';
import { applyTheme, readStoredTheme } from './theme';

let started = false;

/**
 * What every page runs once, whichever start takes it over: the remembered theme in the app's own record
 * (theme-boot.js has already painted it), the connection watch, the service worker's registration and the keeping of
 * the browser's install prompt. The landing
 * page's light start calls it, and the app's start again when the light start hands the page over.
 */
export function startPageServices(): void {
  if (started) return;
  started = true;
  applyTheme(readStoredTheme());
  watchConnection(probeServer);
  registerServiceWorkerWhenIdle();
  captureInstallPrompt();
}
