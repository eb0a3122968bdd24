/*
 * Reminder notifications (docs/product.md §14), loaded into the service worker Workbox makes (vite.config.ts,
 * importScripts). A push carries the quote of the day and the address of today's entry form, nothing the writer
 * typed; tapping the notification brings the journal forward at that form, in the window already open if there is one.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/journal/new';
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' ? data.title : 'A moment for gratitude', {
      body: typeof data.body === 'string' ? data.body : 'Today’s page is waiting for you.',
      tag: 'reminder',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data && typeof event.notification.data.url === 'string' ? event.notification.data.url : '/journal/new';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(target);
      const focused = await open.focus();
      // The page moves to the form itself (app/OpenFromNotification.tsx), as any link in the app does.
      focused.postMessage({ type: 'open', url: path });
      return focused;
    })(),
  );
});
