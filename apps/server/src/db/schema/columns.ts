import { timestamp } from 'drizzle-orm/pg-core';

/** Every time is stored as timestamptz; the API turns it into unix seconds (SPEC §3). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const auditColumns = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};
