// The owner app's service worker: it shows the pushes Homing sends to this device (a finder's
// report or message, a scan of a lost item) and opens the right screen when one is clicked. It
// caches nothing: the app is always loaded fresh from the server.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A push's payload: `{ title, body, url, tag }` (apps/api/src/notifications/pushMessages.ts). */
function readPush(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return {
      title: typeof data.title === 'string' ? data.title : 'Homing',
      body: typeof data.body === 'string' ? data.body : '',
      url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/dashboard',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
    };
  } catch {
    return { title: 'Homing', body: '', url: '/dashboard', tag: undefined };
  }
}

self.addEventListener('push', (event) => {
  const push = readPush(event);
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      // The same alert pushed twice (a retry) replaces the first instead of showing twice.
      tag: push.tag,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: push.url },
    }),
  );
});

/** A click opens the alert's screen: in an open tab of the app when there is one, else a new one. */
async function openScreen(url) {
  const target = new URL(url, self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
  if (tab) {
    if (tab.url !== target) {
      const moved = await tab.navigate(target).catch(() => null);
      if (!moved) tab.postMessage({ type: 'open', url });
    }
    // Focusing may be refused (no user gesture reached the worker): the tab has moved all the same.
    await tab.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/dashboard';
  event.waitUntil(openScreen(url));
});
