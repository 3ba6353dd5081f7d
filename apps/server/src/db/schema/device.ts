import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, ts } from './columns.ts';
import { areas, orgs, staff } from './organisation.ts';
import { members } from './member.ts';

/** A registered device of any SPEC device type; readings authenticate with its device key. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    areaId: integer('area_id').references(() => areas.id),
    type: smallint('type').notNull(),
    serial: varchar('serial', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }),
    model: varchar('model', { length: 60 }),
    /** SHA-256 of the device key; the key itself is shown once when the device is registered. */
    keyHash: varchar('key_hash', { length: 64 }),
    enabled: boolean('enabled').notNull().default(true),
    /** Sleep/space sensor settings read by the alert rules (mode, sensitivity, limits). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    lastSeenAt: ts('last_seen_at'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('devices_serial_uq').on(t.serial), index('devices_org_idx').on(t.orgId, t.type)],
);

/** Binding history: a device bound to a member (or to an area for room devices) over a period. */
export const deviceBindings = pgTable(
  'device_bindings',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    memberId: integer('member_id').references(() => members.id),
    areaId: integer('area_id').references(() => areas.id),
    boundAt: ts('bound_at').notNull().defaultNow(),
    unboundAt: ts('unbound_at'),
    boundBy: integer('bound_by').references(() => staff.id),
    unboundBy: integer('unbound_by').references(() => staff.id),
    remark: text('remark'),
  },
  (t) => [
    index('device_bindings_device_idx').on(t.deviceId, t.boundAt),
    index('device_bindings_member_idx').on(t.memberId, t.boundAt),
    index('device_bindings_member_unbound_idx').on(t.memberId, t.unboundAt).where(sql`${t.unboundAt} is not null`),
    uniqueIndex('device_bindings_open_uq')
      .on(t.deviceId)
      .where(sql`${t.unboundAt} is null`),
    check('device_bindings_target_ck', sql`${t.memberId} is not null or ${t.areaId} is not null`),
  ],
);

