import { asc, inArray } from 'drizzle-orm';
import {
  MedicalState as S,
  MemberChangeStatus,
  Role,
  UserChangeKind,
  type MedicalState,
  type StaffRole,
} from '@vigil/contracts';
import type { Tx } from '../db/client.ts';
import { areas, medicalStateLogs, members, orgs, staff, tempRoles } from '../db/schema/index.ts';
import { logMemberChange, logStaffChange } from '../modules/administration/change-log/write.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * What happened to the demo's staff before the demo starts, each told as the change that made the
 * account what the seed created: an area move ends in the account's area, a role change in its
 * role, a leave (disabled, then enabled again) in an enabled account. `by` is the administrator who
 * made the change (an organisation's administrator's leave is the operator's). Most fall in the
 * last six days, the change-log pages' default range, so every organisation's and area's log opens
 * with rows; the seeded work (work logs, care records, orders) is by accounts never on leave, and
 * alerts are handled only by accounts enabled and in scope at the time (alert-handling.ts).
 */
type StaffChange = { account: string; by: string; daysAgo: number } & (
  | { area: { from: 0 | 1 } }
  | { role: { from: StaffRole } }
  | { leave: { days: number } }
);
const staffChanges: StaffChange[] = [
  { account: 'manager', by: 'engineer', daysAgo: 6, leave: { days: 3 } },
  { account: 'aide', by: 'orgadmin', daysAgo: 30, role: { from: Role.orgStaff } },
  { account: 'orgarea', by: 'orgadmin', daysAgo: 4, area: { from: 1 } },
  { account: 'orgguard', by: 'orgadmin', daysAgo: 5, leave: { days: 2 } },
  { account: 'pharmadmin', by: 'engineer', daysAgo: 5, leave: { days: 1 } },
  { account: 'hospadmin', by: 'engineer', daysAgo: 2, leave: { days: 1 } },
  { account: 'clinicadmin', by: 'engineer', daysAgo: 2, leave: { days: 1 } },
  { account: 'hotelarea', by: 'hoteladmin', daysAgo: 3, area: { from: 0 } },
  { account: 'guardarea', by: 'guardadmin', daysAgo: 4, area: { from: 1 } },
  { account: 'guardstaff', by: 'guardadmin', daysAgo: 5, leave: { days: 2 } },
];

/**
 * Temporary roles granted in the past, both expired, so no demo account acts in another role than
 * the one the documentation gives it: the aide covered the day shift while the care staff's
 * colleague was on leave; the clinic doctor stood in for the clinic's administrator.
 */
const tempGrants = [
  { account: 'aide', role: Role.orgStaff, by: 'orgadmin', from: 12, to: 9, remark: '同仁休假，代理白班照護員' },
  { account: 'clinicdoctor', role: Role.clinicAdmin, by: 'clinicadmin', from: 30, to: 23, remark: '院長出國期間代理診所管理' },
];

/** Who changes a member's medical state in each kind of organisation (its first such account). */
const stateEditors = ['orgstaff', 'hospdoctor', 'clinicdoctor', 'hoteladmin', 'guardadmin'];
/** Member changes are made by the organisation's administrator. */
const memberEditors = ['orgadmin', 'hospadmin', 'clinicadmin', 'hoteladmin', 'guardadmin'];

/** The state a member most plausibly came from, for a log that ends in the state they are in. */
const cameFrom: Record<MedicalState, MedicalState> = {
  [S.nursingHome]: S.hospitalized,
  [S.hospitalized]: S.emergency,
  [S.emergency]: S.atHome,
  [S.daycare]: S.atHome,
  [S.outdoors]: S.atHome,
  [S.consultation]: S.atHome,
  [S.atHome]: S.hospitalized,
  [S.homeHealthcare]: S.hospitalized,
  [S.homeHospice]: S.homeHealthcare,
  [S.community]: S.atHome,
};
/** The remark written with a change into a state, in the member's language. */
const stateRemark: Record<MedicalState, { zh: string; en: string }> = {
  [S.nursingHome]: { zh: '出院返回機構，續行照護計畫', en: 'Discharged back to the home; care plan resumed' },
  [S.hospitalized]: { zh: '急診評估後收治住院', en: 'Admitted after the emergency assessment' },
  [S.emergency]: { zh: '胸悶送急診', en: 'Taken to the emergency room with chest tightness' },
  [S.daycare]: { zh: '開始日間照顧服務', en: 'Started day care' },
  [S.outdoors]: { zh: '家屬陪同外出', en: 'Out with family' },
  [S.consultation]: { zh: '門診回診追蹤', en: 'Follow-up outpatient visit' },
  [S.atHome]: { zh: '出院返家休養', en: 'Discharged home to rest' },
  [S.homeHealthcare]: { zh: '轉居家護理', en: 'Moved to home healthcare' },
  [S.homeHospice]: { zh: '家屬同意轉居家安寧', en: 'Family agreed to home hospice' },
  [S.community]: { zh: '參與社區關懷據點活動', en: 'Joined the community care centre' },
};

type Member = typeof members.$inferSelect;

/**
 * The demo's change history, written by the product's own change-log writers (and into the
 * medical-state log the state change writes), each entry a change that led to the world as seeded:
 * staff moved, promoted or back from leave, temporary roles that have ended; members moved between areas, paused and resumed, or
 * transferred from the hospital; medical-state changes ending in each member's current state.
 * Deterministic and relative to `now`, so every change-log page opens with rows.
 */
export async function seedChangeHistory(tx: Tx, now: number): Promise<void> {
  const at = (daysAgo: number, hours = 0) => new Date(now - daysAgo * DAY_MS - hours * HOUR_MS);
  const staffRows = await tx.select({ id: staff.id, account: staff.account, orgId: staff.orgId, areaId: staff.areaId, role: staff.role }).from(staff);
  const account = (name: string) => staffRows.find((s) => s.account === name)!;
  const areaRows = await tx.select({ id: areas.id, orgId: areas.orgId, name: areas.name }).from(areas).orderBy(asc(areas.id));
  const areasOf = (orgId: number) => areaRows.filter((a) => a.orgId === orgId);
  const orgRows = await tx.select({ id: orgs.id, name: orgs.name }).from(orgs);
  const orgName = (id: number) => orgRows.find((o) => o.id === id)!.name;

  for (const change of staffChanges) {
    const who = account(change.account);
    const entry = { orgId: who.orgId, staffId: who.id, operatorId: account(change.by).id };
    if ('area' in change) {
      const from = areasOf(who.orgId)[change.area.from];
      const to = areaRows.find((a) => a.id === who.areaId)!;
      await logStaffChange(tx, {
        ...entry,
        kind: UserChangeKind.area,
        before: { area_id: from.id, area_name: from.name },
        after: { area_id: to.id, area_name: to.name },
        createdAt: at(change.daysAgo),
      });
    } else if ('role' in change) {
      await logStaffChange(tx, { ...entry, kind: UserChangeKind.role, before: { role: change.role.from }, after: { role: who.role }, createdAt: at(change.daysAgo) });
    } else {
      await logStaffChange(tx, { ...entry, kind: UserChangeKind.enable, before: { enable: true }, after: { enable: false }, createdAt: at(change.daysAgo) });
      await logStaffChange(tx, { ...entry, kind: UserChangeKind.enable, before: { enable: false }, after: { enable: true }, createdAt: at(change.daysAgo - change.leave.days) });
    }
  }

  await tx.insert(tempRoles).values(
    tempGrants.map((g) => ({
      staffId: account(g.account).id,
      role: g.role,
      startsAt: at(g.from),
      expiresAt: at(g.to),
      grantedBy: account(g.by).id,
      remark: g.remark,
      createdAt: at(g.from, 1),
      updatedAt: at(g.from, 1),
    })),
  );

  const editors = (names: string[]) => new Map(names.map((n) => [account(n).orgId, account(n).id]));
  const memberEditor = editors(memberEditors);
  const stateEditor = editors(stateEditors);
  const memberRows = await tx
    .select()
    .from(members)
    .where(inArray(members.orgId, [...memberEditor.keys()]))
    .orderBy(asc(members.id));
  const place = (orgId: number, areaId: number) => ({
    org_id: orgId,
    org_name: orgName(orgId),
    area_id: areaId,
    area_name: areaRows.find((a) => a.id === areaId)!.name,
  });

  for (const [orgId, operatorId] of memberEditor) {
    const own = memberRows.filter((m) => m.orgId === orgId);
    // The last member sits in the second area: they moved there from the first.
    const moved = own.at(-1)!;
    const [first] = areasOf(orgId);
    if (moved.areaId !== first.id) {
      await logMemberChange(tx, {
        orgId,
        memberId: moved.id,
        operatorId,
        status: MemberChangeStatus.areaChanged,
        before: place(orgId, first.id),
        after: place(orgId, moved.areaId!),
        createdAt: at(2, 3),
      });
    }
    // The second member's service was paused for a few days and resumed.
    const paused = own[1];
    const entry = { orgId, memberId: paused.id, operatorId, status: MemberChangeStatus.statusChanged };
    await logMemberChange(tx, { ...entry, before: { enable: true }, after: { enable: false }, createdAt: at(5, 5) });
    await logMemberChange(tx, { ...entry, before: { enable: false }, after: { enable: true }, createdAt: at(3, 2) });
  }

  // A care-home resident came from the hospital's ward: the move is logged under the hospital.
  const care = account('orgadmin').orgId;
  const hospital = account('hospadmin').orgId;
  const transferred = memberRows.filter((m) => m.orgId === care)[2];
  await logMemberChange(tx, {
    orgId: hospital,
    memberId: transferred.id,
    operatorId: memberEditor.get(hospital)!,
    status: MemberChangeStatus.orgChanged,
    before: place(hospital, areasOf(hospital)[0].id),
    after: place(care, transferred.areaId!),
    createdAt: at(24, 6),
  });

  await tx.insert(medicalStateLogs).values(
    memberRows.flatMap((m, i) => medicalStateChanges(m, i, stateEditor.get(m.orgId)!, at)),
  );
}

/**
 * The medical-state changes of one member, the last ending in their current state: every third
 * member changed once in the past week; a resident of a nursing home went to hospital and back.
 */
function medicalStateChanges(
  m: Member,
  i: number,
  operatorId: number,
  at: (daysAgo: number, hours?: number) => Date,
): (typeof medicalStateLogs.$inferInsert)[] {
  if (i % 3 !== 1) return [];
  const state = m.medicalState as MedicalState;
  const language = /^[A-Za-z]/.test(m.name) ? 'en' : 'zh';
  const change = (previousState: MedicalState, to: MedicalState, when: Date) => ({
    orgId: m.orgId,
    memberId: m.id,
    previousState,
    state: to,
    remark: stateRemark[to][language],
    operatorId,
    createdAt: when,
  });
  if (state === S.nursingHome) {
    return [change(S.nursingHome, S.hospitalized, at(5, i % 9)), change(S.hospitalized, S.nursingHome, at(2, i % 7))];
  }
  return [change(cameFrom[state], state, at(1 + (i % 5), i % 11))];
}
