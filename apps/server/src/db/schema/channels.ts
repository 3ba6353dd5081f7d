import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, ts } from './columns.ts';
import { memberColumns } from './care.ts';
import { orgs, staff } from './organisation.ts';

/**
 * The address books of the off-console channels (issue 27, docs/notifications.md "Channels"): a
 * staff member's push subscriptions and LINE link, an organisation's LINE channel, a member's
 * family contacts. Secrets (the LINE token and channel secret, the VAPID private key) are sealed
 * with the second-factor key, like TOTP secrets.
 */

/** A member's family contact (`/user/family`): no console account, only the alerts the organisation lets families receive. */
export const familyContacts = pgTable(
  'family_contacts',
  {
    id: serial('id').primaryKey(),
    ...memberColumns(),
    name: varchar('name', { length: 50 }).notNull(),
    relation: varchar('relation', { length: 30 }).notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    channel: varchar('channel', { length: 5 }).notNull(),
    email: varchar('email', { length: 120 }),
    /** Set once the contact sent their one-time code to the organisation's LINE bot. */
    lineUserId: varchar('line_user_id', { length: 64 }),
    categories: jsonb('categories').$type<number[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns,
  },
  (t) => [index('family_contacts_member_idx').on(t.memberId), index('family_contacts_org_idx').on(t.orgId)],
);

/** One browser (device) of one staff member that receives web push; `endpoint` is its push service address. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    /** What the person calls the device ("ward phone"), else the browser's own description. */
    label: varchar('label', { length: 100 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSuccessAt: ts('last_success_at'),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_staff_idx').on(t.staffId)],
);

/**
 * A subscription the push service said is gone (404/410): kept so its owner is told on screen,
 * once, that the device no longer receives alerts.
 */
export const pushExpiries = pgTable(
  'push_expiries',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 100 }).notNull(),
    expiredAt: ts('expired_at').notNull().defaultNow(),
  },
  (t) => [index('push_expiries_staff_idx').on(t.staffId)],
);

/** Server-wide keys made on first start (the VAPID key pair): `value` sealed where it is secret. */
export const serverKeys = pgTable('server_keys', {
  name: varchar('name', { length: 40 }).primaryKey(),
  publicValue: text('public_value').notNull(),
  sealedSecret: text('sealed_secret').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** An organisation's LINE Messaging API channel: its access token and channel secret, sealed. */
export const lineChannels = pgTable('line_channels', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => orgs.id),
  sealedToken: text('sealed_token').notNull(),
  sealedSecret: text('sealed_secret').notNull(),
  ...auditColumns,
});

/** A staff member's LINE user in their organisation's channel. */
export const staffLineLinks = pgTable('staff_line_links', {
  staffId: integer('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  orgId: integer('org_id')
    .notNull()
    .references(() => orgs.id),
  lineUserId: varchar('line_user_id', { length: 64 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A one-time code a person sends to the organisation's bot to link their LINE user (kind 1 staff, 2 family contact). */
export const lineLinkCodes = pgTable(
  'line_link_codes',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    kind: smallint('kind').notNull(),
    targetId: integer('target_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('line_link_codes_target_idx').on(t.kind, t.targetId)],
);
