import { asc, eq } from 'drizzle-orm';
import { toUnix, type NotifyChannel, type NotifyPreferencesDetail, type NotifyPreferencesUpdate, type NotifyReceipt } from '@vigil/contracts';
import type { Db } from '../../db/client.ts';
import { notifyOutbox, notifyPreferences, staff } from '../../db/schema/index.ts';
import { channelPrefsOf } from '../../notify/policy.ts';

/** The person's preferences as the page shows them, with the channels live now. */
export async function loadPreferences(db: Db, staffId: number, live: NotifyChannel[]): Promise<NotifyPreferencesDetail> {
  const [row] = await db
    .select({ prefs: notifyPreferences, email: staff.email })
    .from(staff)
    .leftJoin(notifyPreferences, eq(notifyPreferences.staffId, staff.id))
    .where(eq(staff.id, staffId));
  const prefs = row?.prefs;
  return {
    language: prefs?.language === 'en' ? 'en' : 'zh-TW',
    channels: channelPrefsOf(prefs?.channels),
    quiet_start: prefs?.quietStart ?? null,
    quiet_end: prefs?.quietEnd ?? null,
    utc_offset_minutes: prefs?.utcOffsetMinutes ?? 480,
    disabled: Object.entries(prefs?.disabledChannels ?? {}).map(([channel, d]) => ({ channel: channel as NotifyChannel, at: d.at, reason: d.reason })),
    live,
    email: row?.email ?? null,
  };
}

/** Stores the person's preferences; channels named in `enable` are switched back on. */
export async function savePreferences(db: Db, staffId: number, body: NotifyPreferencesUpdate): Promise<void> {
  const [current] = await db.select().from(notifyPreferences).where(eq(notifyPreferences.staffId, staffId));
  const disabled = { ...(current?.disabledChannels ?? {}) };
  for (const channel of body.enable ?? []) delete disabled[channel];
  const values = {
    language: body.language,
    channels: body.channels,
    quietStart: body.quiet_start,
    quietEnd: body.quiet_end,
    utcOffsetMinutes: body.utc_offset_minutes,
    disabledChannels: disabled,
    updatedAt: new Date(),
  };
  await db.insert(notifyPreferences).values({ staffId, ...values }).onConflictDoUpdate({ target: notifyPreferences.staffId, set: values });
}

/** Every notification of one alert, tier by tier (the caller has checked the alert is in scope). */
export async function listReceipts(db: Db, alertId: number): Promise<NotifyReceipt[]> {
  const rows = await db
    .select({ r: notifyOutbox, name: staff.name })
    .from(notifyOutbox)
    .leftJoin(staff, eq(staff.id, notifyOutbox.staffId))
    .where(eq(notifyOutbox.alertId, alertId))
    .orderBy(asc(notifyOutbox.tier), asc(notifyOutbox.repeat), asc(notifyOutbox.id))
    .limit(500);
  return rows.map(({ r, name }) => ({
    id: r.id,
    channel: r.channel as NotifyChannel,
    staff_id: r.staffId,
    staff_name: name,
    tier: r.tier,
    repeat: r.repeat,
    status: r.status as NotifyReceipt['status'],
    due_at: toUnix(r.dueAt),
    sent_at: r.sentAt ? toUnix(r.sentAt) : null,
    attempts: r.attempts,
    reason: r.reason,
  }));
}
