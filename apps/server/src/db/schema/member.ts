import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, ts } from './columns.ts';
import { areas, orgs, staff } from './organisation.ts';

/** A resident or patient watched by an organisation (SPEC "member"; API resource /user). */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    areaId: integer('area_id').references(() => areas.id),
    name: varchar('name', { length: 100 }).notNull(),
    gender: smallint('gender'),
    birthday: date('birthday', { mode: 'string' }),
    idNumber: varchar('id_number', { length: 20 }),
    phone: varchar('phone', { length: 30 }),
    room: varchar('room', { length: 30 }),
    bed: varchar('bed', { length: 30 }),
    medicalState: smallint('medical_state').notNull().default(8),
    emergencyContact: varchar('emergency_contact', { length: 100 }),
    emergencyPhone: varchar('emergency_phone', { length: 30 }),
    enabled: boolean('enabled').notNull().default(true),
    isFollow: boolean('is_follow').notNull().default(false),
    /** Removed from the organisation (kept for history and readings). */
    removedAt: ts('removed_at'),
    remark: text('remark'),
    /** The circle (lat, lng, radius in metres) the member's location watch should stay inside (contracts `safeZone`). */
    safeZone: jsonb('safe_zone').$type<{ lat: number; lng: number; radius: number }>(),
    ...auditColumns,
  },
  (t) => [
    index('members_org_area_idx').on(t.orgId, t.areaId),
    index('members_name_idx').on(t.orgId, t.name),
    uniqueIndex('members_org_id_number_uq')
      .on(t.orgId, t.idNumber)
      .where(sql`${t.idNumber} is not null`),
  ],
);

/** Organisation-wide defaults of the 13 physiological standard kinds (SPEC §9). */
export const orgStandards = pgTable(
  'org_standards',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    kind: smallint('kind').notNull(),
    min: real('min').notNull(),
    max: real('max').notNull(),
    overMax: real('over_max'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.kind] })],
);

/** A member's own overrides; a kind without a row uses the organisation's (or SPEC's) default. */
export const memberStandards = pgTable(
  'member_standards',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: smallint('kind').notNull(),
    min: real('min').notNull(),
    max: real('max').notNull(),
    overMax: real('over_max'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);

/** Member change log (SPEC §3: removed 0, area changed 1, status changed 2, organisation changed 3). */
export const memberChangeLogs = pgTable(
  'member_change_logs',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    status: smallint('status').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    operatorId: integer('operator_id').references(() => staff.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('member_change_logs_org_idx').on(t.orgId, t.createdAt), index('member_change_logs_member_idx').on(t.memberId, t.createdAt)],
);

/** Medical-state log: each change of a member's medical state (SPEC §3's ten states). */
export const medicalStateLogs = pgTable(
  'medical_state_logs',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    previousState: smallint('previous_state'),
    state: smallint('state').notNull(),
    remark: text('remark'),
    operatorId: integer('operator_id').references(() => staff.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('medical_state_logs_member_idx').on(t.memberId, t.createdAt), index('medical_state_logs_org_idx').on(t.orgId, t.createdAt)],
);
