import { asc, eq, inArray } from 'drizzle-orm';
import { HandoverState, IllnessSeverity, OrgType, fromUnix, toUnix, type HandoverMember } from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';
import { areas, handoverActions, handovers, orgs, staff } from '../db/schema/index.ts';
import { areaMembers, generateItems, proposedSeverity } from '../modules/shift-work/handover/generate.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;
/** The three shift changes of the day (docs/handover.md): 07:00, 15:00, 23:00. */
const CHANGES = [7, 15, 23];

/** Notes the giver wrote for the members who needed one, in rotation. */
const summaries = ['夜間睡眠片段，白天精神可', '食慾下降，進食約五成', '下午訪客後情緒較激動，已安撫', '咳嗽有痰，已協助拍背'];
const contingencies = ['若體溫超過 38 度，通知護理師並量測血氧', '若拒食持續，聯絡營養師', '若再次激動，依照顧計畫轉移注意力'];

/**
 * A week of accepted handovers of the demo care home's first area, one per shift change, given by
 * the care staff and the nursing aide in turn, each frozen with the members and the items of its
 * period, one action carried over. The last one ends at the latest shift change, so the next
 * handover generated on the console starts there.
 */
export async function seedHandovers(tx: Tx, now: number, careOrgId: number): Promise<void> {
  const people = await tx.select({ id: staff.id, account: staff.account }).from(staff).where(inArray(staff.account, ['orgstaff', 'aide']));
  const giverOf = (i: number) => people.find((p) => p.account === (i % 2 === 0 ? 'orgstaff' : 'aide'))!.id;
  const [area] = await tx.select({ id: areas.id }).from(areas).where(eq(areas.orgId, careOrgId)).orderBy(asc(areas.id)).limit(1);
  const nowSeconds = toUnix(new Date(now));
  const midnight = nowSeconds - (nowSeconds % DAY);
  const changes: number[] = [];
  for (let day = 7; day >= 0; day--) for (const h of CHANGES) changes.push(midnight - day * DAY + h * HOUR);
  const ends = changes.filter((c) => c <= nowSeconds).slice(-21);
  let start = ends[0] - 8 * HOUR;
  let openAction: { memberId: number | null; content: string; ownerId: number; dueTime: Date; carriedFromId: number | null } | null = null;
  // One read of the week, split by period: the seed runs on first start and must stay quick.
  const week = await generateItems(tx, { orgId: careOrgId, areaId: area.id, from: fromUnix(start), to: fromUnix(ends.at(-1)!) });
  const residents = await areaMembers(tx, careOrgId, area.id, []);
  for (const [i, end] of ends.entries()) {
    const items = week.filter((it) => it.time > start && it.time <= end);
    const snapshot: HandoverMember[] = residents.map((m, k) => {
      const own = items.filter((it) => it.member_id === m.id);
      const noted = (k + i) % 5 === 0;
      const severity = noted ? IllnessSeverity.watcher : proposedSeverity(own);
      return {
        member_id: m.id,
        member_name: m.name,
        severity,
        summary: noted ? summaries[(k + i) % summaries.length] : null,
        contingency: noted ? contingencies[(k + i) % contingencies.length] : null,
        items: own,
      };
    });
    snapshot.sort((a, b) => b.severity - a.severity || a.member_name.localeCompare(b.member_name));
    const giver = giverOf(i);
    const receiver = giverOf(i + 1);
    const [h] = await tx
      .insert(handovers)
      .values({
        orgId: careOrgId,
        areaId: area.id,
        periodStart: fromUnix(start),
        periodEnd: fromUnix(end),
        state: HandoverState.accepted,
        situation: '夜間加強巡視跌倒高風險住民',
        synthesis: '已了解：注意高風險住民與未完成待辦',
        notes: snapshot.map((m) => ({ member_id: m.member_id, severity: m.severity, summary: m.summary, contingency: m.contingency })),
        snapshot,
        createdBy: giver,
        signedBy: giver,
        signedAt: fromUnix(end),
        acceptedBy: receiver,
        acceptedAt: fromUnix(end + 10 * 60),
        createdAt: fromUnix(end - 15 * 60),
        updatedAt: fromUnix(end + 10 * 60),
      })
      .returning({ id: handovers.id });
    // Every third shift asks the next one for a follow-up; it stays open over one change, then is done.
    if (openAction) {
      const [carried] = await tx.insert(handoverActions).values({ ...openAction, handoverId: h.id }).returning({ id: handoverActions.id });
      await tx.update(handoverActions).set({ doneAt: fromUnix(end + HOUR), doneBy: receiver }).where(eq(handoverActions.id, carried.id));
      openAction = null;
    }
    if (i % 3 === 0 && snapshot.length) {
      const values = { memberId: snapshot[0].member_id, content: '複測體溫並記錄', ownerId: receiver, dueTime: fromUnix(end + 2 * HOUR), carriedFromId: null };
      const [created] = await tx.insert(handoverActions).values({ ...values, handoverId: h.id }).returning({ id: handoverActions.id });
      openAction = { ...values, carriedFromId: created.id };
    }
    start = end;
  }
}

/**
 * The demo care home's week of handovers, once. Seeded after the week of readings (seedDemoWeek),
 * so each sheet is frozen with the alerts its shift saw and "new since sign-off" lists only what
 * came after.
 */
export async function seedDemoHandovers(db: Db, now: number): Promise<void> {
  const [care] = await db.select({ id: orgs.id }).from(orgs).where(eq(orgs.type, OrgType.care)).orderBy(asc(orgs.id)).limit(1);
  if (!care) return;
  const [seeded] = await db.select({ id: handovers.id }).from(handovers).where(eq(handovers.orgId, care.id)).limit(1);
  if (seeded) return;
  await db.transaction((tx) => seedHandovers(tx, now, care.id));
}
