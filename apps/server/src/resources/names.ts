import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * The names rows show beside an id (who did it, which area, which member), read by correlated
 * subqueries with their own table aliases: they see the outer row whatever the query joins, and
 * they answer null when the id is null instead of dropping the row as an inner join would.
 */

export const staffName = (id: AnyPgColumn) => sql<string | null>`(select s.name from staff s where s.id = ${id})`;

export const areaName = (id: AnyPgColumn) => sql<string | null>`(select a.name from areas a where a.id = ${id})`;

export const memberName = (id: AnyPgColumn) => sql<string | null>`(select m.name from members m where m.id = ${id})`;
