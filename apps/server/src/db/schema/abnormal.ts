import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AlertRoutingRule } from '@vigil/contracts';
import { auditColumns, ts } from './columns.ts';
import { areas, orgs, staff } from './organisation.ts';
import { members } from './member.ts';
import { deviceBindings, devices } from './device.ts';

/** SPEC §3 abnormal detail: the offending value, the standard crossed, minutes elapsed, position. */
export type AbnormalDetail = {
  value?: string | number;
  standard?: number;
  minute?: number;
  lat?: string;
  lng?: string;
};

/** An abnormal event raised by the alert rules (SPEC §3 "abnormal"). */
export const abnormalEvents = pgTable(
  'abnormal_events',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    areaId: integer('area_id').references(() => areas.id),
    memberId: integer('member_id').references(() => members.id),
    deviceId: integer('device_id').references(() => devices.id),
    /** The device binding in force when the event occurred: SPEC's "bind id" (`source.id`). */
    bindingId: integer('binding_id').references(() => deviceBindings.id),
    /** SPEC §3 abnormal type 0–102 and its category 0–4. */
    type: smallint('type').notNull(),
    category: smallint('category').notNull(),
    occurTime: ts('occur_time').notNull(),
    detail: jsonb('detail').$type<AbnormalDetail>(),
    isHandle: boolean('is_handle').notNull().default(false),
    isFollow: boolean('is_follow').notNull().default(false),
    followBy: integer('follow_by').references(() => staff.id),
    followAt: ts('follow_at'),
    escalatedAt: ts('escalated_at'),
    /** Set when a later reading is back within the standard: the event is closed without handling. */
    recoveredAt: ts('recovered_at'),
    /** Crossings of the same condition merged into this open event (the first one included). */
    repeatCount: integer('repeat_count').notNull().default(1),
    /** When the latest merged crossing occurred (the first one's time until a repeat). */
    lastOccurTime: ts('last_occur_time'),
    /** Acknowledged: silent until this time, still open (docs/alert-rules.md "Acknowledge and snooze"). */
    acknowledgedUntil: ts('acknowledged_until'),
    acknowledgedBy: integer('acknowledged_by').references(() => staff.id),
    acknowledgedByName: varchar('acknowledged_by_name', { length: 100 }),
    /** The first acknowledgement: the alert's first response unless a handling came earlier. */
    acknowledgedAt: ts('acknowledged_at'),
    ...auditColumns,
  },
  (t) => [
    // No alert storms: one open event per (member or room device, device, type). 0 stands for
    // "none" so events without a member or device still collide with each other.
    uniqueIndex('abnormal_events_open_uq')
      .on(t.type, sql`coalesce(${t.memberId}, 0)`, sql`coalesce(${t.deviceId}, 0)`)
      .where(sql`not ${t.isHandle} and ${t.recoveredAt} is null`),
    index('abnormal_events_org_time_idx').on(t.orgId, t.occurTime),
    // The abnormal log's order (newest first, id breaking ties) read straight from an index: the
    // scope condition (own organisation or one granting it) is an OR the (org, time) index cannot
    // serve, so without this a page sorted the whole table (330 ms at 200,000 events, bench:deep).
    index('abnormal_events_time_idx').on(t.occurTime, t.id),
    index('abnormal_events_member_time_idx').on(t.memberId, t.occurTime),
    // The member timeline's seeks (docs/timeline.md): each source newest first within one member.
    index('abnormal_events_member_escalated_idx').on(t.memberId, t.escalatedAt).where(sql`${t.escalatedAt} is not null`),
    index('abnormal_events_member_acknowledged_idx').on(t.memberId, t.acknowledgedAt).where(sql`${t.acknowledgedAt} is not null`),
  ],
);

/** Each handling of an abnormal event: what was done, by whom, when (SPEC §3 handle). */
export const abnormalHandles = pgTable(
  'abnormal_handles',
  {
    id: serial('id').primaryKey(),
    abnormalId: integer('abnormal_id')
      .notNull()
      .references(() => abnormalEvents.id),
    /** The event's member, copied so the member timeline seeks handlings by member and time. */
    memberId: integer('member_id').references(() => members.id),
    content: text('content').notNull(),
    remark: text('remark'),
    /** The handler judged that the alert needed no action (the alert-burden page counts these). */
    noAction: boolean('no_action').notNull().default(false),
    staffId: integer('staff_id').references(() => staff.id),
    staffName: varchar('staff_name', { length: 100 }).notNull(),
    handleTime: ts('handle_time').notNull().defaultNow(),
  },
  (t) => [
    index('abnormal_handles_abnormal_idx').on(t.abnormalId, t.handleTime),
    index('abnormal_handles_member_idx').on(t.memberId, t.handleTime),
  ],
);

/**
 * A snooze: alerts of one type about one member stay silent (still listed) until `until`. One row
 * per member and type; a new snooze replaces the old one.
 */
export const abnormalSnoozes = pgTable(
  'abnormal_snoozes',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    areaId: integer('area_id').references(() => areas.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    type: smallint('type').notNull(),
    until: ts('until').notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    staffName: varchar('staff_name', { length: 100 }).notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('abnormal_snoozes_member_type_uq').on(t.memberId, t.type), index('abnormal_snoozes_org_idx').on(t.orgId, t.until)],
);

/**
 * An organisation's alert routing (docs/alert-rules.md "Routing"): which categories and priorities
 * of its alerts go to which of its roles and areas. One row per organisation, written whole by
 * PUT /abnormal/routing; an organisation without a row follows contracts `defaultAlertRouting`.
 */
export const abnormalRouting = pgTable(
  'abnormal_routing',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    rules: jsonb('rules').$type<AlertRoutingRule[]>().notNull(),
    updatedBy: integer('updated_by').references(() => staff.id),
    ...auditColumns,
  },
  (t) => [uniqueIndex('abnormal_routing_org_uq').on(t.orgId)],
);
