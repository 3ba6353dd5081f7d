import { runtimeConfig } from './runtime-config.ts';

/**
 * The console's service worker (public/sw.js) and this device's push subscription. The worker is
 * registered only once signed in (the Shell), never on the login page, so the login bundle stays
 * small; it receives alerts pushed while no console is open.
 */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // A refused registration (a private window, an insecure origin) only means no push on this device.
  navigator.serviceWorker.register(`/sw.js?api=${encodeURIComponent(runtimeConfig().apiBase)}`).catch(() => undefined);
}

/** The person refused notifications for this site (the browser will not ask again). */
export class NotificationsDenied extends Error {}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks for notifications and subscribes this browser with the server's VAPID key; what POST /personal/push takes. */
export async function subscribeThisDevice(publicKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }> {
  if ((await Notification.requestPermission()) !== 'granted') throw new NotificationsDenied();
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}
