import {
  AlertPriority,
  type AbnormalSnoozeRow,
  type RealtimeAbnormal,
  abnormalTypePriority,
} from '@vigil/contracts';
import { createStore } from '../../lib/store.ts';

/**
 * Silencing without alarm fatigue (docs/alert-rules.md "Acknowledge and snooze"): an alert is
 * silent while it is acknowledged or its member and type are snoozed; it stays in the feed all the
 * same. Both come from the server, so a reload or another console agrees.
 */
export const snoozeStore = createStore<readonly AbnormalSnoozeRow[]>([]);

/** The snooze covering this alert's member and type, if one is in force at `now` (unix seconds). */
export function snoozeOf(item: RealtimeAbnormal, snoozes: readonly AbnormalSnoozeRow[], now: number): AbnormalSnoozeRow | undefined {
  const member = item.source.user?.id;
  if (member === undefined) return undefined;
  return snoozes.find((s) => s.user_id === member && s.type === item.type && s.until > now);
}

/** Whether the acknowledgement is still in force at `now`. */
export function acknowledged(item: RealtimeAbnormal, now: number): boolean {
  return (item.acknowledged_until ?? 0) > now;
}

/** Unix second until which the alert is silent (the later of acknowledgement and snooze), or null. */
export function silentUntil(item: RealtimeAbnormal, snoozes: readonly AbnormalSnoozeRow[], now: number): number | null {
  const until = Math.max(acknowledged(item, now) ? item.acknowledged_until! : 0, snoozeOf(item, snoozes, now)?.until ?? 0);
  return until > now ? until : null;
}

/**
 * Alerts whose chime repeats until someone acknowledges them: high priority (IEC 60601-1-8) and
 * escalated ones, unless silenced. A snooze never covers a high-priority type (the server refuses
 * it), so only an acknowledgement quiets those.
 */
export function repeating(items: readonly RealtimeAbnormal[], snoozes: readonly AbnormalSnoozeRow[], now: number): RealtimeAbnormal[] {
  return items.filter(
    (i) => (abnormalTypePriority(i.type) === AlertPriority.high || i.escalated) && silentUntil(i, snoozes, now) === null,
  );
}

/** "mm:ss" (or "h:mm:ss") left until `until`. */
export function countdown(until: number, now: number): string {
  const left = Math.max(0, until - now);
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/**
 * The next moment (unix seconds) a silence in force runs out, or null: the bell wakes then rather
 * than ticking every second (a steady one-second re-render starves React's retries of pages that
 * are still loading).
 */
export function nextExpiry(items: readonly RealtimeAbnormal[], snoozes: readonly AbnormalSnoozeRow[], now: number): number | null {
  let next = Infinity;
  for (const i of items) if ((i.acknowledged_until ?? 0) > now) next = Math.min(next, i.acknowledged_until!);
  for (const s of snoozes) if (s.until > now) next = Math.min(next, s.until);
  return next === Infinity ? null : next;
}
