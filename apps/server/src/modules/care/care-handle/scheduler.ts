import { inArray, sql } from 'drizzle-orm';
import { AbnormalType, doseLateLimitMinutes, toUnix } from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import { carePackageDoses, carePackages, careSchedules } from '../../../db/schema/index.ts';
import type { AbnormalRaiser, RaiseRequest } from '../../../alerts/raiser.ts';
import { medicationDelayRule } from '../../../rules/care.ts';
import { expandPackage } from '../care-package/service.ts';
import { expandSchedule } from '../care-schedule/service.ts';
import { raisePainAlerts } from '../care-symptom/pain.ts';

/** A claim older than this belongs to an instance that died between claiming and raising. */
const CLAIM_EXPIRES_MINUTES = 5;
/** Late doses claimed per statement; the next tick takes the rest. */
const CLAIM_BATCH = 200;

type Claimed = {
  id: number;
  org_id: number;
  area_id: number | null;
  member_id: number;
  scheduled_at: Date | string;
  time_critical: boolean;
  member_name: string | null;
  member_room: string | null;
  member_bed: string | null;
  area_name: string | null;
};

/**
 * Claims the doses that are late at `now` and not yet alerted, in one statement (docs/care.md "The
 * scheduler"): FOR UPDATE SKIP LOCKED lets two instances claim side by side without ever taking
 * the same dose, and the claim is a column, so it survives a restart (and expires if its instance
 * died before raising).
 */
export async function claimLateDoses(db: Db, now: Date): Promise<Claimed[]> {
  const result = await db.execute<Claimed>(sql`
    update ${carePackageDoses} d set alert_claimed_at = ${now}::timestamptz
    from ${carePackages} p
    where p.id = d.package_id and d.id in (
      select d2.id from ${carePackageDoses} d2
      join ${carePackages} p2 on p2.id = d2.package_id
      where d2.state = 0 and d2.alerted_at is null and d2.scheduled_at is not null
        and d2.scheduled_at < ${now}::timestamptz - make_interval(mins => case when p2.time_critical
          then ${doseLateLimitMinutes(true)}::int else ${doseLateLimitMinutes(false)}::int end)
        and (d2.alert_claimed_at is null
          or d2.alert_claimed_at < ${now}::timestamptz - make_interval(mins => ${CLAIM_EXPIRES_MINUTES}::int))
      order by d2.scheduled_at
      limit ${CLAIM_BATCH}::int
      for update of d2 skip locked)
    returning d.id, d.org_id, d.area_id, d.member_id, d.scheduled_at, p.time_critical,
      (select m.name from members m where m.id = d.member_id) as member_name,
      (select m.room from members m where m.id = d.member_id) as member_room,
      (select m.bed from members m where m.id = d.member_id) as member_bed,
      (select a.name from areas a where a.id = d.area_id) as area_name`);
  return result.rows;
}

/**
 * SPEC's "medication delay over two hours" (type 75) for every dose late at `now`, raised once
 * through the alert path (bell, feed, socket, escalation) and then marked alerted. The raiser's
 * one-open-event index stops a second event should an instance die between the two steps.
 */
export async function raiseLateDoses(db: Db, raiser: AbnormalRaiser, now: Date): Promise<number> {
  const claimed = await claimLateDoses(db, now);
  if (!claimed.length) return 0;
  const requests: RaiseRequest[] = [];
  for (const d of claimed) {
    const scheduledAt = toUnix(new Date(d.scheduled_at));
    const raised = medicationDelayRule({ scheduledAt, takenAt: null, now: toUnix(now), timeCritical: d.time_critical });
    if (!raised) continue;
    requests.push({
      orgId: d.org_id,
      areaId: d.area_id,
      memberId: d.member_id,
      deviceId: null,
      bindingId: null,
      type: AbnormalType.medicationDelay,
      occurTime: now,
      detail: raised.detail,
      names: {
        // The member as the alert feed names them: with room and bed.
        member: d.member_name === null ? null : { id: d.member_id, name: d.member_name, room: d.member_room, bed: d.member_bed },
        area: d.area_id === null || d.area_name === null ? null : { id: d.area_id, name: d.area_name },
        device: null,
      },
    });
  }
  const raisedCount = await raiser.raise(requests);
  await db
    .update(carePackageDoses)
    .set({ alertedAt: now })
    .where(
      inArray(
        carePackageDoses.id,
        claimed.map((d) => d.id),
      ),
    );
  return raisedCount;
}

/**
 * Stores the doses and schedule occurrences of the coming horizon for every enabled package and
 * schedule. Idempotent (unique per item and time), so every instance may run it.
 */
export async function expandAhead(db: Db, now: Date): Promise<void> {
  const at = toUnix(now);
  for (const pkg of await db.select().from(carePackages).where(sql`${carePackages.enabled}`)) await expandPackage(db, pkg, at, at);
  for (const schedule of await db.select().from(careSchedules).where(sql`${careSchedules.enabled}`)) await expandSchedule(db, schedule, at, at);
}

/** Expansion runs every this many ticks (its horizon is days; the late check runs every tick). */
const EXPAND_EVERY_TICKS = 10;

/** The care scheduler ticks this often: dose lateness is counted in minutes. */
export const CARE_SCHEDULER_MS = 60_000;

/**
 * One tick of the care scheduler of one instance (the jobs plugin runs it every minute, the first
 * as soon as the app is ready, so a dose already late at start alerts at once): late doses every
 * tick, expansion every ten. Restart-safe and safe with several instances on one database, as the
 * claims and unique indexes live there.
 */
export function careScheduler(db: Db, raiser: AbnormalRaiser): () => Promise<void> {
  let ticks = 0;
  return async () => {
    const now = new Date();
    if (ticks % EXPAND_EVERY_TICKS === 0) await expandAhead(db, now);
    ticks += 1;
    await raiseLateDoses(db, raiser, now);
    // A pain assessment whose raise failed after its save (docs/care.md "Care records II").
    await raisePainAlerts(db, raiser, now);
  };
}
