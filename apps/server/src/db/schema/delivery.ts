import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { auditColumns, ts } from './columns.ts';
import { members } from './member.ts';
import { areas, orgs, staff } from './organisation.ts';

/**
 * A medication delivery order (docs/delivery.md): a care organisation (`org_id`, the member's area)
 * orders from a pharmacy area it is related to; both organisations own the row.
 */
export const deliveryOrders = pgTable(
  'delivery_orders',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    areaId: integer('area_id').references(() => areas.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    pharmacyOrgId: integer('pharmacy_org_id')
      .notNull()
      .references(() => orgs.id),
    pharmacyAreaId: integer('pharmacy_area_id')
      .notNull()
      .references(() => areas.id),
    type: smallint('type').notNull(),
    state: smallint('state').notNull(),
    requestedDate: ts('requested_date').notNull(),
    repeatDays: smallint('repeat_days'),
    /** The repeat order this one continues; unique, so a repeat is offered and created once. */
    previousId: integer('previous_id').references((): AnyPgColumn => deliveryOrders.id),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    remark: text('remark'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => staff.id),
    ...auditColumns,
  },
  (t) => [
    index('delivery_orders_org_state_idx').on(t.orgId, t.state),
    index('delivery_orders_pharmacy_state_idx').on(t.pharmacyOrgId, t.state),
    index('delivery_orders_member_idx').on(t.memberId, t.createdAt),
    uniqueIndex('delivery_orders_previous_uq')
      .on(t.previousId)
      .where(sql`${t.previousId} is not null`),
  ],
);

/** One medicine of an order, with the care side's receipt check and the pharmacy's reply. */
export const deliveryOrderLines = pgTable(
  'delivery_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => deliveryOrders.id, { onDelete: 'cascade' }),
    medicineId: integer('medicine_id'),
    medicineName: varchar('medicine_name', { length: 100 }).notNull(),
    quantity: integer('quantity').notNull(),
    unit: varchar('unit', { length: 20 }).notNull(),
    remark: text('remark'),
    state: smallint('state').notNull().default(0),
    receivedQuantity: integer('received_quantity'),
    receiptNote: text('receipt_note'),
    reply: text('reply'),
    checkedBy: integer('checked_by').references(() => staff.id),
    checkedAt: ts('checked_at'),
  },
  (t) => [index('delivery_order_lines_order_idx').on(t.orderId)],
);

/** Every transition of an order (the creation first, from null): who, which side, when, why. */
export const deliveryOrderHistory = pgTable(
  'delivery_order_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => deliveryOrders.id, { onDelete: 'cascade' }),
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    side: varchar('side', { length: 10 }).notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    /** The name as it was, so the history reads the same after a rename. */
    staffName: varchar('staff_name', { length: 100 }).notNull(),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('delivery_order_history_order_idx').on(t.orderId, t.id)],
);
