import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { AbnormalCategory, UserChangeKind, type HandleAbnormalRequest } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { abnormalEvents, members, staff, staffChangeLogs } from '../db/schema/index.ts';
import { recordHandling } from '../modules/alerts/abnormal/service.ts';

const MINUTE_MS = 60_000;
/** Alerts of the last hours stay open: the consoles have something to act on when the demo starts. */
const OPEN_HOURS = 12;

type Handling = { zh: string; en: string; noAction?: boolean };
/** What staff wrote when they handled an alert of each category, a few each so the log reads real. */
const handlings: Record<AbnormalCategory, Handling[]> = {
  [AbnormalCategory.physiological]: [
    { zh: '已至床邊複測，數值回穩，持續觀察', en: 'Re-measured at the bedside: back within range, keeping watch' },
    { zh: '通知護理師評估，依醫囑處置', en: 'Nurse assessed and acted on the standing orders' },
    { zh: '複測正常，判斷為量測誤差', en: 'Normal on re-measuring: a measuring error', noAction: true },
  ],
  [AbnormalCategory.fall]: [
    { zh: '現場查看，無外傷，已協助回床', en: 'Checked on site: no injury, helped back to bed' },
    { zh: '到場確認為物品掉落，無人跌倒', en: 'On site: an object fell, nobody had fallen', noAction: true },
  ],
  [AbnormalCategory.sos]: [
    { zh: '電話聯繫本人，誤觸求救鈕', en: 'Called the member: the button was pressed by mistake', noAction: true },
    { zh: '到場協助，已陪同就醫', en: 'Went to help and accompanied them to the doctor' },
  ],
  [AbnormalCategory.deviceIssue]: [
    { zh: '已更換電池，確認裝置重新上線', en: 'Replaced the battery: the device is back online' },
    { zh: '重新配戴並確認連線正常', en: 'Put the device back on and checked the connection' },
  ],
  [AbnormalCategory.signalNotMeasured]: [
    { zh: '協助重新配戴裝置，訊號恢復', en: 'Helped put the device back on: signal restored' },
  ],
};

/**
 * The demo's handled alerts: of the alerts the week of readings raised, the ones still open and
 * older than OPEN_HOURS are handled, as staff would have, through the product's own handling
 * write. Each is answered a few minutes after its latest crossing by a staff member whose scope
 * held it then (enabled, in its organisation and area as the staff change log tells; in rotation,
 * so the log names several people), in the member's language. Every fifth
 * is left open: a console always has some backlog. Deterministic for the seeded events.
 */
export async function seedAlertHandling(db: Db, now: Date): Promise<number> {
  const events = await db
    .select({
      id: abnormalEvents.id,
      orgId: abnormalEvents.orgId,
      areaId: abnormalEvents.areaId,
      category: abnormalEvents.category,
      occurTime: abnormalEvents.occurTime,
      lastOccurTime: abnormalEvents.lastOccurTime,
      memberName: members.name,
    })
    .from(abnormalEvents)
    .leftJoin(members, eq(members.id, abnormalEvents.memberId))
    .where(
      and(
        eq(abnormalEvents.isHandle, false),
        isNull(abnormalEvents.recoveredAt),
        lt(abnormalEvents.occurTime, new Date(now.getTime() - OPEN_HOURS * 60 * MINUTE_MS)),
      ),
    )
    .orderBy(asc(abnormalEvents.id));
  const people = await db
    .select({ id: staff.id, name: staff.name, orgId: staff.orgId, areaId: staff.areaId })
    .from(staff)
    .orderBy(asc(staff.id));
  const changes = await db.select().from(staffChangeLogs).orderBy(asc(staffChangeLogs.createdAt));
  const asOf = (person: (typeof people)[number], at: number) => ({
    enabled: valueAt(changes.filter((c) => c.staffId === person.id && c.kind === UserChangeKind.enable), at, 'enable', true),
    areaId: valueAt(changes.filter((c) => c.staffId === person.id && c.kind === UserChangeKind.area), at, 'area_id', person.areaId),
  });
  let handled = 0;
  await db.transaction(async (tx) => {
    for (const [n, e] of events.filter((e) => e.id % 5 !== 0).entries()) {
      const answered = Math.min((e.lastOccurTime ?? e.occurTime).getTime() + (3 + (e.id % 12)) * MINUTE_MS, now.getTime());
      const inScope = people.filter((p) => {
        const then = asOf(p, answered);
        return p.orgId === e.orgId && then.enabled && (then.areaId === null || then.areaId === e.areaId);
      });
      const by = inScope[n % inScope.length];
      if (!by) continue;
      const choices = handlings[e.category as AbnormalCategory];
      const choice = choices[n % choices.length];
      const english = /^[A-Za-z]/.test(e.memberName ?? '');
      const request: HandleAbnormalRequest = {
        abnormal_id: e.id,
        content: english ? choice.en : choice.zh,
        no_action: choice.noAction ?? false,
      };
      await recordHandling(tx, request, by, new Date(answered));
      handled++;
    }
  });
  return handled;
}

type Change = { createdAt: Date; before: unknown; after: unknown };

/**
 * A staff field as it stood at `at`, from that field's changes (oldest first): the value the last
 * earlier change left, else the value the first later change found, else the field as it is now.
 */
export function valueAt<T>(changes: Change[], at: number, field: string, current: T): T {
  const read = (snapshot: unknown) => (snapshot as Record<string, T>)[field];
  const earlier = changes.filter((c) => c.createdAt.getTime() <= at).at(-1);
  if (earlier) return read(earlier.after);
  return changes.length ? read(changes[0].before) : current;
}
