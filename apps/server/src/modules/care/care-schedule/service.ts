import { and, eq, gt } from 'drizzle-orm';
import { OCCURRENCE_HORIZON_DAYS, SECONDS_PER_DAY, expandScheduleOccurrences, fromUnix, toUnix, type ScheduleRepeat } from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { careScheduleOccurrences, careSchedules } from '../../../db/schema/index.ts';

type Schedule = typeof careSchedules.$inferSelect;

/**
 * Stores a schedule's occurrences from `from` to the horizon (OCCURRENCE_HORIZON_DAYS after `now`).
 * The unique (schedule, due time) index makes it idempotent, so the scheduler re-runs it every
 * minute on every instance without doubling anything.
 */
export async function expandSchedule(db: Db | Tx, schedule: Schedule, from: number, now: number): Promise<number> {
  if (!schedule.enabled) return 0;
  const due = expandScheduleOccurrences(
    {
      repeat: schedule.repeat as ScheduleRepeat,
      timeOfDay: schedule.timeOfDay,
      weekdays: schedule.weekdays,
      startDate: toUnix(schedule.startDate),
      endDate: schedule.endDate ? toUnix(schedule.endDate) : null,
    },
    { from, to: now + OCCURRENCE_HORIZON_DAYS * SECONDS_PER_DAY },
  );
  if (!due.length) return 0;
  const rows = await db
    .insert(careScheduleOccurrences)
    .values(due.map((t) => ({ scheduleId: schedule.id, orgId: schedule.orgId, areaId: schedule.areaId, memberId: schedule.memberId, dueAt: fromUnix(t) })))
    .onConflictDoNothing()
    .returning({ id: careScheduleOccurrences.id });
  return rows.length;
}

/**
 * After a schedule is created or changed: occurrences still to come and not handled follow the new
 * rule (handled ones are kept as the record of what was done); a new schedule's occurrences start
 * at its creation, not in the past.
 */
export async function reexpandSchedule(tx: Tx, scheduleId: number, now: number): Promise<void> {
  await tx
    .delete(careScheduleOccurrences)
    .where(
      and(
        eq(careScheduleOccurrences.scheduleId, scheduleId),
        eq(careScheduleOccurrences.state, 0),
        gt(careScheduleOccurrences.dueAt, fromUnix(now)),
      ),
    );
  const [schedule] = await tx.select().from(careSchedules).where(eq(careSchedules.id, scheduleId));
  if (schedule) await expandSchedule(tx, schedule, now, now);
}
