import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { AbnormalType } from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import { abnormalEvents, careSymptoms } from '../../../db/schema/index.ts';
import type { AbnormalRaiser, RaiseRequest } from '../../../alerts/raiser.ts';
import { painRule } from '../../../rules/care.ts';

/** A claim older than this belongs to an instance that died between claiming and raising. */
const CLAIM_EXPIRES_MINUTES = 5;

type Claimed = {
  id: number;
  org_id: number;
  area_id: number | null;
  member_id: number;
  score: number;
  member_name: string | null;
  member_room: string | null;
  member_bed: string | null;
  area_name: string | null;
};

/**
 * SPEC §9's pain alert (type 74) for every assessment scoring above 3 that has not alerted yet,
 * through the alert path (bell, feed, socket, escalation), the way the care scheduler raises a late
 * dose (docs/care.md "The scheduler"): the assessments are claimed in one statement (FOR UPDATE
 * SKIP LOCKED), so two instances, or a save and the sweep, never raise the same one; the raiser's
 * one-open-event rule keeps a member with an open pain alert at one. Runs right after a save
 * commits and on every scheduler tick (which picks up a save whose raise failed).
 */
export async function raisePainAlerts(db: Db, raiser: AbnormalRaiser, now: Date): Promise<number> {
  const result = await db.execute<Claimed>(sql`
    update ${careSymptoms} s set alert_claimed_at = ${now}::timestamptz
    where s.id in (
      select s2.id from ${careSymptoms} s2
      where s2.score > 3 and s2.alerted_at is null
        and (s2.alert_claimed_at is null
          or s2.alert_claimed_at < ${now}::timestamptz - make_interval(mins => ${CLAIM_EXPIRES_MINUTES}::int))
      order by s2.id
      limit 200
      for update of s2 skip locked)
    returning s.id, s.org_id, s.area_id, s.member_id, s.score,
      (select m.name from members m where m.id = s.member_id) as member_name,
      (select m.room from members m where m.id = s.member_id) as member_room,
      (select m.bed from members m where m.id = s.member_id) as member_bed,
      (select a.name from areas a where a.id = s.area_id) as area_name`);
  const claimed = result.rows;
  if (!claimed.length) return 0;
  const requests: RaiseRequest[] = [];
  for (const s of claimed) {
    const raised = painRule({ score: s.score });
    if (!raised) continue;
    requests.push({
      orgId: s.org_id,
      areaId: s.area_id,
      memberId: s.member_id,
      deviceId: null,
      bindingId: null,
      type: AbnormalType.painAboveThreshold,
      occurTime: now,
      detail: raised.detail,
      names: {
        member: s.member_name === null ? null : { id: s.member_id, name: s.member_name, room: s.member_room, bed: s.member_bed },
        area: s.area_id === null || s.area_name === null ? null : { id: s.area_id, name: s.area_name },
        device: null,
      },
    });
  }
  const count = await raiser.raise(requests);
  // Each assessment links to its member's open pain alert (the one raised now, or the one already open).
  for (const s of claimed) {
    const [open] = await db
      .select({ id: abnormalEvents.id })
      .from(abnormalEvents)
      .where(and(eq(abnormalEvents.memberId, s.member_id), eq(abnormalEvents.type, AbnormalType.painAboveThreshold)))
      .orderBy(desc(abnormalEvents.id))
      .limit(1);
    await db
      .update(careSymptoms)
      .set({ alertedAt: now, ...(open && { abnormalId: open.id }) })
      .where(and(eq(careSymptoms.id, s.id), isNull(careSymptoms.alertedAt)));
  }
  return count;
}
