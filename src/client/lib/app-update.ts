let updateWaiting = false;

/**
 * A new version of the app has taken over (its service worker is active). Reloading at once could throw away
 * an entry being written, so the reload waits for the next move to another screen.
 */
export function reloadOnNextNavigation(): void {
  updateWaiting = true;
}

/** Called after each navigation: loads the new version if one is waiting. */
export function reloadIfUpdated(): void {
  if (updateWaiting) window.location.reload();
}
