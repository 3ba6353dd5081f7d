import { createStore } from '../../lib/store.ts';
import { readItem, removeItem, writeItem } from '../../lib/storage.ts';

const KEY = 'abnormalNotifications';

export type NotificationChoice = 'unsupported' | 'off' | 'on' | 'denied';

function current(): NotificationChoice {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return readItem(KEY) === 'on' && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Whether background-tab alerts raise a browser notification: opt-in, remembered per browser. */
export const notificationChoice = createStore<NotificationChoice>(current());

export async function enableNotifications(): Promise<void> {
  if (current() === 'unsupported') return;
  const permission = await Notification.requestPermission();
  if (permission === 'granted') writeItem(KEY, 'on');
  notificationChoice.set(current());
}

export function disableNotifications(): void {
  removeItem(KEY);
  notificationChoice.set(current());
}

/** Shows a notification only while the tab is in the background and the user opted in. */
export function notifyInBackground(title: string, body: string, tag: string, onClick: () => void): void {
  if (notificationChoice.get() !== 'on' || !document.hidden) return;
  try {
    const n = new Notification(title, { body, tag, icon: '/favicon.svg' });
    n.onclick = () => {
      window.focus();
      onClick();
      n.close();
    };
  } catch (err) {
    console.warn('browser notification failed', err);
  }
}
