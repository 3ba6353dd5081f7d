import { Counter } from 'prom-client';
import { registry } from './registry.ts';

/**
 * Notification counters for the notification core (issue 27/28): it increments them per channel
 * adapter (notify/channel.ts) when a notification is queued and when a send finally fails.
 */
export const notificationsQueued = new Counter({
  name: 'vigil_notifications_queued_total',
  help: 'Notifications queued for delivery, by channel',
  labelNames: ['channel'] as const,
  registers: [registry],
});

export const notificationsFailed = new Counter({
  name: 'vigil_notifications_failed_total',
  help: 'Notifications whose delivery failed, by channel',
  labelNames: ['channel'] as const,
  registers: [registry],
});
