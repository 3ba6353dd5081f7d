import { and, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { deviceBindings, readings } from '../db/schema/index.ts';

/**
 * Readings taken through one of these bindings (SPEC's bind id): by the binding's device while it
 * was bound. Readings keep no binding id, so the binding's device and period stand for it, the
 * same rule ingestion resolves a reading's member with.
 */
export function readingsOfBindings(bindIds: number[]): SQL {
  const b = deviceBindings;
  return sql`exists (${sql`select 1 from ${b} where ${and(
    inArray(b.id, bindIds),
    eq(b.deviceId, readings.deviceId),
    lte(b.boundAt, readings.occurTime),
    or(isNull(b.unboundAt), gt(b.unboundAt, readings.occurTime)),
  )}`})`;
}
