import type { AlertPriority, NotifyChannel, NotifyPolicy } from '@vigil/contracts';
import type { NotifyChannelPrefs, NotifyTimeouts } from '../db/schema/index.ts';

/**
 * Acknowledgement timeout per priority, in minutes, when an organisation has set none
 * (docs/notifications.md "Escalation tiers" gives the reasoning): IEC 60601-1-8 asks for an
 * immediate response to high priority and a prompt one to medium; low is awareness only.
 */
export const defaultTimeouts: NotifyPolicy = { high: 2, medium: 5, low: 15 };

/** What a person receives when they have set nothing: off-screen only for what needs a response. */
export const defaultChannelPrefs: Record<NotifyChannel, AlertPriority[]> = {
  push: ['high', 'medium'],
  email: ['high'],
  line: ['high'],
};

/** High priority repeats its off-screen tier every timeout until acknowledged, at most this often. */
export const MAX_REPEATS = 12;

export function timeoutsOf(stored: NotifyTimeouts | undefined): NotifyPolicy {
  return { ...defaultTimeouts, ...stored };
}

export function channelPrefsOf(stored: NotifyChannelPrefs | undefined): Record<NotifyChannel, AlertPriority[]> {
  return { ...defaultChannelPrefs, ...stored };
}

/** One step of the chain: which channels, for whom, how many timeouts after the alert. */
export type Tier = { tier: number; channels: readonly NotifyChannel[]; audience: 'recipients' | 'next'; after: number };

/**
 * The escalation chain (tier 0 is the console itself, sent by the staff channel at once): push
 * after one timeout, LINE and email after two, then the next people (the organisation's and the
 * area's admins, who already receive the console's escalation) on every channel after three.
 */
export const tiers: readonly Tier[] = [
  { tier: 1, channels: ['push'], audience: 'recipients', after: 1 },
  { tier: 2, channels: ['line', 'email'], audience: 'recipients', after: 2 },
  { tier: 3, channels: ['push', 'line', 'email'], audience: 'next', after: 3 },
];

/** Whether `at` falls in the quiet hours (start inside, end not; a window may wrap midnight). */
export function inQuietHours(at: Date, start: number | null, end: number | null, utcOffsetMinutes: number): boolean {
  if (start === null || end === null || start === end) return false;
  const local = (((at.getTime() / 60_000 + utcOffsetMinutes) % 1440) + 1440) % 1440;
  const minute = Math.floor(local);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** Retry delay after `attempts` failed sends: 5 s doubling, at most 10 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}
