import { and, inArray, isNull, not, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RealtimeAbnormal } from '@vigil/contracts';
import { abnormalEvents, orgs } from '../../../db/schema/index.ts';
import { loadAbnormalItems } from '../../../alerts/items.ts';
import { announced } from '../../../realtime/payloads.ts';
import { abnormalEventName } from '../../../realtime/relay.ts';
import { escalationTargets } from '../../../realtime/rooms.ts';

/** How often overdue alerts are looked for; escalation minutes are whole minutes. */
export const ESCALATION_SCAN_MS = 30_000;
/** Escalations sent per scan at most; the rest follow on the next scan. */
const BATCH = 200;

/**
 * Escalates every open alert left unhandled longer than its organisation's escalation_minutes:
 * stamps escalated_at and sends a copy marked `escalated` to the organisation's admins and the
 * area's admins. The stamp is taken by one conditional UPDATE, so with several instances each
 * alert is escalated once, by whichever instance claims it first.
 */
export async function escalateDue(app: FastifyInstance, now: Date = new Date()): Promise<RealtimeAbnormal[]> {
  const { db } = app.database;
  const claimed = await db
    .update(abnormalEvents)
    .set({ escalatedAt: now })
    .where(
      inArray(
        abnormalEvents.id,
        db
          .select({ id: abnormalEvents.id })
          .from(abnormalEvents)
          .innerJoin(orgs, sql`${orgs.id} = ${abnormalEvents.orgId}`)
          .where(
            and(
              not(abnormalEvents.isHandle),
              isNull(abnormalEvents.recoveredAt),
              isNull(abnormalEvents.escalatedAt),
              sql`${abnormalEvents.occurTime} + make_interval(mins => ${orgs.escalationMinutes}) <= ${now.toISOString()}::timestamptz`,
            ),
          )
          .limit(BATCH),
      ),
    )
    .returning({ id: abnormalEvents.id });
  if (!claimed.length) return [];
  const rows = await loadAbnormalItems(db, inArray(abnormalEvents.id, claimed.map((c) => c.id)), BATCH);
  const sent: RealtimeAbnormal[] = [];
  for (const { row, item } of rows) {
    const payload: RealtimeAbnormal = { ...item, escalated: true };
    // The user channel's today-only rule holds for its escalations too: a member's meter that
    // uploads yesterday's memory raises alerts already overdue, which are stamped but not news.
    if (!announced(payload, false)) continue;
    app.realtime.staff.to(escalationTargets(row.orgId, row.areaId)).emit(abnormalEventName(payload, false), payload);
    sent.push(payload);
  }
  app.log.info({ count: sent.length }, 'escalated overdue abnormal events');
  return sent;
}

