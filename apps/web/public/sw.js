/* global self */
/*
 * Vigil's service worker: shows an alert pushed to this device while no console is open, opens
 * the alert when the notification is clicked, and acknowledges it from the notification's action
 * (POST {api}/push/acknowledge with the signed token the push carried; no sign-in needed).
 * Registered after sign-in (src/lib/push.ts) with the API prefix in its query string. It caches
 * nothing: the console needs the server to be of any use.
 */
const apiBase = new URL(self.location.href).searchParams.get('api') || '/api';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string') return;
  const actions = data.ackToken ? [{ action: 'acknowledge', title: data.ackLabel || 'Acknowledge' }] : [];
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body || '',
      tag: data.tag,
      renotify: true,
      // A high-priority alert stays on screen until the person acts on it.
      requireInteraction: data.priority === 'high',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: data.link || '/', ackToken: data.ackToken || null },
      actions,
    }),
  );
});

async function openLink(link) {
  const url = new URL(link, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
      await client.focus();
      if ('navigate' in client) await client.navigate(url);
      return;
    }
  }
  await self.clients.openWindow(url);
}

async function acknowledge(data) {
  const response = await fetch(`${apiBase}/push/acknowledge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: data.ackToken }),
  });
  // An expired or refused token: open the alert so the person can act on the console.
  if (!response.ok) await openLink(data.link);
}

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data || {};
  event.notification.close();
  event.waitUntil(event.action === 'acknowledge' && data.ackToken ? acknowledge(data) : openLink(data.link || '/'));
});
