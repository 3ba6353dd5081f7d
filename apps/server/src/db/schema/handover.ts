import { index, integer, jsonb, pgTable, serial, smallint, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { auditColumns, ts } from './columns.ts';
import { members } from './member.ts';
import { areas, orgs, staff } from './organisation.ts';

/** The giver's notes on one member: I-PASS severity, patient summary and contingency. */
export type HandoverMemberNote = { member_id: number; severity: number; summary: string | null; contingency: string | null };

/**
 * A shift handover of one area (docs/handover.md): drafted from live data by the giver, signed off
 * (the generated items frozen into `snapshot`), accepted by the receiver with their synthesis.
 */
export const handovers = pgTable(
  'handovers',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    state: smallint('state').notNull().default(0),
    situation: text('situation'),
    synthesis: text('synthesis'),
    notes: jsonb('notes').$type<HandoverMemberNote[]>().notNull().default([]),
    /** The I-PASS sheet as signed off: members with their severities, notes and generated items. */
    snapshot: jsonb('snapshot'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => staff.id),
    signedBy: integer('signed_by').references(() => staff.id),
    signedAt: ts('signed_at'),
    acceptedBy: integer('accepted_by').references(() => staff.id),
    acceptedAt: ts('accepted_at'),
    ...auditColumns,
  },
  (t) => [index('handovers_area_idx').on(t.areaId, t.periodEnd), index('handovers_org_idx').on(t.orgId, t.periodEnd)],
);

/** I-PASS action list items: an owner and a due time; open ones carry over to the next handover. */
export const handoverActions = pgTable(
  'handover_actions',
  {
    id: serial('id').primaryKey(),
    handoverId: integer('handover_id')
      .notNull()
      .references(() => handovers.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => members.id),
    content: text('content').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => staff.id),
    dueTime: ts('due_time').notNull(),
    doneAt: ts('done_at'),
    doneBy: integer('done_by').references(() => staff.id),
    carriedFromId: integer('carried_from_id').references((): AnyPgColumn => handoverActions.id),
  },
  (t) => [index('handover_actions_handover_idx').on(t.handoverId), index('handover_actions_member_idx').on(t.memberId, t.dueTime)],
);
