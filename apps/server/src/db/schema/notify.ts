import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, ts } from './columns.ts';
import { orgs, staff } from './organisation.ts';
import { abnormalEvents } from './abnormal.ts';

/**
 * The notification outbox (docs/notifications.md): one row per alert × recipient × channel × tier
 * (× repeat), written in the alert's own transaction so a raised alert can never miss its
 * notifications, and sent at least once by the outbox worker. `idempotency_key` is unique: a
 * second write of the same row is a no-op, and the peer sees the same key on every retry.
 */
export const notifyOutbox = pgTable(
  'notify_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    /** Null for messages not about an alert (a settings page's test mail). */
    alertId: integer('alert_id').references(() => abnormalEvents.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    channel: varchar('channel', { length: 16 }).notNull(),
    /** The channel's address (a mailbox, a subscription id, a LINE user id). */
    address: varchar('address', { length: 500 }).notNull(),
    language: varchar('language', { length: 8 }).notNull(),
    tier: smallint('tier').notNull(),
    /** High priority repeats its last tier until acknowledged: 0 for the first send, then 1, 2, … */
    repeat: smallint('repeat').notNull().default(0),
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull().unique(),
    /** queued | sending | sent | delivered | failed | cancelled | suppressed (notify/receipts.ts). */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    /** When the row may be sent: the tier's acknowledgement timeout, then each retry's backoff. */
    dueAt: ts('due_at').notNull(),
    /** A worker's claim: a row still `sending` past this (the worker died) is claimed again. */
    leaseUntil: ts('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    /** Why it failed, was cancelled or suppressed; the peer's message id once sent. */
    reason: text('reason'),
    providerId: varchar('provider_id', { length: 300 }),
    /** When the worker handed it to the channel (the bench reads accepted → leaving from this). */
    sentAt: ts('sent_at'),
    ...auditColumns,
  },
  (t) => [
    // The worker's claim reads due rows in due order; only live rows are indexed.
    index('notify_outbox_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('notify_outbox_alert_idx').on(t.alertId),
    index('notify_outbox_staff_time_idx').on(t.staffId, t.sentAt),
  ],
);

/** Which priorities a person wants on a channel; absent channels take the defaults. */
export type NotifyChannelPrefs = Partial<Record<'push' | 'email' | 'line', Array<'high' | 'medium' | 'low'>>>;

/** A person's notification preferences (`/personal/notify`). No row: the defaults. */
export const notifyPreferences = pgTable('notify_preferences', {
  staffId: integer('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  language: varchar('language', { length: 8 }).notNull().default('zh-TW'),
  channels: jsonb('channels').$type<NotifyChannelPrefs>().notNull().default({}),
  /** Quiet hours as minutes after local midnight (start inside, end not); null: none. */
  quietStart: smallint('quiet_start'),
  quietEnd: smallint('quiet_end'),
  utcOffsetMinutes: smallint('utc_offset_minutes').notNull().default(480),
  /** Channels switched off after failing again and again, with why; the owner re-enables them. */
  disabledChannels: jsonb('disabled_channels').$type<Record<string, { at: number; reason: string }>>().notNull().default({}),
  ...auditColumns,
});

/** Acknowledgement timeouts per priority, in minutes; the defaults are in notify/policy.ts. */
export type NotifyTimeouts = Partial<Record<'high' | 'medium' | 'low', number>>;

/** An organisation's escalation timing (absent: the documented defaults). */
export const notifyOrgPolicies = pgTable('notify_org_policies', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  timeouts: jsonb('timeouts').$type<NotifyTimeouts>().notNull().default({}),
  ...auditColumns,
});

/**
 * Channel settings made on the operator's settings page (SMTP, LINE, VAPID subject); secrets
 * sealed like second-factor secrets. An environment variable wins over a stored value.
 */
export const notifySettings = pgTable('notify_settings', {
  key: varchar('key', { length: 40 }).primaryKey(),
  /** Plain fields, with secrets replaced by their sealed form (`sealed: true` names). */
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  updatedBy: integer('updated_by').references(() => staff.id),
  ...auditColumns,
});
