import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  DeliveryOrderState,
  DeviceType,
  HandoverState,
  MemberChangeStatus,
  UserChangeKind,
  OrgType,
  canTransition,
  guardRoles,
  roleOrgType,
  staffRoles,
  toUnix,
  type DeliverySide,
  type StaffRole,
} from '@vigil/contracts';
import { verifyPassword } from '../auth/password.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { asc, eq } from 'drizzle-orm';
import {
  areas,
  careEducations,
  careFollowUps,
  careHandles,
  carePackageDoses,
  carePackages,
  careSchedules,
  deliveryOrderHistory,
  deliveryOrders,
  deviceBindings,
  devices,
  medicines,
  members,
  orgRelations,
  orgs,
  staff,
  workLogs,
  handovers,
  handoverActions,
  medicalStateLogs,
  memberChangeLogs,
  staffChangeLogs,
  tempRoles,
} from '../db/schema/index.ts';
import { valueAt } from './alert-handling.ts';
import { demoAccounts } from './data.ts';
import { seedDemoHandovers } from './handover.ts';
import { seedDemo } from './seed.ts';
import { openTestDatabase } from '../../test/realtime.ts';

/**
 * Runs on a fresh embedded database, and in the PostgreSQL project on a throw-away database of
 * the test server, so the seed is proven on both drivers.
 */
const onPostgres = process.env.VIGIL_TEST_DB === 'postgres';
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratchName = `vigil_seed_test_${process.pid}_${Date.now()}`;

let database: Database;

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (onPostgres) {
    await adminQuery(`create database ${scratchName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${scratchName}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    await database.migrate();
  } else {
    // Migrated with its roles, as seedDemo's first step leaves it: loaded, not migrated anew.
    database = await openTestDatabase();
  }
  await seedDemo(database.db);
  await seedDemoHandovers(database.db, Date.now());
});

afterAll(async () => {
  await database?.close();
  if (onPostgres) await adminQuery(`drop database if exists ${scratchName}`);
});

describe('demo seed', () => {
  it('creates organisations of types 0 to 5 and a security company, each with two areas', async () => {
    const orgRows = await database.db.select().from(orgs);
    const areaRows = await database.db.select().from(areas);
    expect(new Set(orgRows.map((o) => o.type))).toEqual(new Set(Object.values(OrgType)));
    const guards = orgRows.filter((o) => o.isGuard);
    expect(guards).toHaveLength(1);
    expect(guards[0].type).toBe(OrgType.care);
    for (const org of orgRows) expect(areaRows.filter((a) => a.orgId === org.id)).toHaveLength(2);
  });

  it('relates the care organisation to the pharmacy, hospital, clinic and security company', async () => {
    const orgRows = await database.db.select().from(orgs);
    const relations = await database.db.select().from(orgRelations);
    const typeOf = (orgId: number) => orgRows.find((o) => o.id === orgId)!;
    expect(relations).toHaveLength(4);
    for (const r of relations) expect(typeOf(r.orgId).type).toBe(OrgType.care);
    const pharmacy = relations.find((r) => typeOf(r.relatedOrgId).type === OrgType.pharmacy)!;
    expect(pharmacy.grants).toEqual(['delivery', 'members']);
    const guard = relations.find((r) => typeOf(r.relatedOrgId).isGuard)!;
    expect(guard.grants).toEqual(['members', 'abnormal']);
  });

  it('creates the 18 demo accounts, one per role, each in an organisation its role fits', async () => {
    const orgRows = await database.db.select().from(orgs);
    const staffRows = await database.db.select().from(staff);
    expect(staffRows).toHaveLength(18);
    expect(staffRows.map((s) => s.account).sort()).toEqual(demoAccounts.map((a) => a.account).sort());
    expect(new Set(staffRows.map((s) => s.role))).toEqual(new Set(staffRoles));
    for (const s of staffRows) {
      const org = orgRows.find((o) => o.id === s.orgId)!;
      expect(org.type).toBe(roleOrgType[s.role as StaffRole]);
      expect(org.isGuard).toBe(guardRoles.has(s.role as StaffRole));
    }
    expect(staffRows.filter((s) => s.areaId !== null).map((s) => s.account).sort()).toEqual(['guardarea', 'hotelarea', 'orgarea']);
    // One hash is shared by every account, and it is the documented password.
    expect(new Set(staffRows.map((s) => s.passwordHash)).size).toBe(1);
    expect(await verifyPassword(staffRows[0].passwordHash, 'Demo1234')).toBe(true);
  });

  it('creates 40 members aged 62 to 96 in all ten medical states, most in the care organisation', async () => {
    const orgRows = await database.db.select().from(orgs);
    const memberRows = await database.db.select().from(members);
    expect(memberRows).toHaveLength(40);
    const today = new Date();
    for (const m of memberRows) {
      const [y, mo, d] = m.birthday!.split('-').map(Number);
      const hadBirthday = today.getUTCMonth() + 1 > mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() >= d);
      const age = today.getUTCFullYear() - y - (hadBirthday ? 0 : 1);
      expect(age).toBeGreaterThanOrEqual(62);
      expect(age).toBeLessThanOrEqual(96);
    }
    expect(new Set(memberRows.map((m) => m.medicalState)).size).toBe(10);
    const care = orgRows.find((o) => o.type === OrgType.care && !o.isGuard)!;
    expect(memberRows.filter((m) => m.orgId === care.id).length).toBeGreaterThan(20);
  });

  it('registers devices of every device type with serials, bound to members or areas', async () => {
    const deviceRows = await database.db.select().from(devices);
    const bindingRows = await database.db.select().from(deviceBindings);
    expect(new Set(deviceRows.map((d) => d.type))).toEqual(new Set(Object.values(DeviceType)));
    expect(deviceRows.map((d) => d.serial)).toContain('SLP-0001');
    for (const d of deviceRows) expect(d.serial).toMatch(/^[A-Z0-9]{3}-\d{4}$/);
    expect(bindingRows.every((b) => b.unboundAt === null)).toBe(true);
    const airBoxes = deviceRows.filter((d) => d.type === DeviceType.airBox).map((d) => d.id);
    for (const b of bindingRows.filter((b) => airBoxes.includes(b.deviceId))) {
      expect(b.memberId).toBeNull();
      expect(b.areaId).not.toBeNull();
    }
    const sleepSensors = deviceRows.filter((d) => d.type === DeviceType.sleepSensor).map((d) => d.id);
    expect(bindingRows.filter((b) => sleepSensors.includes(b.deviceId)).every((b) => b.memberId !== null)).toBe(true);
    // Spare stock stays unbound.
    expect(bindingRows.length).toBeLessThan(deviceRows.length);
  });

  it('sends the care organisation\'s orders to its pharmacy in several states, each history along the state machine', async () => {
    const orders = await database.db.select().from(deliveryOrders);
    const [pharmacy] = await database.db.select({ id: orgs.id }).from(orgs).where(eq(orgs.type, OrgType.pharmacy));
    expect(orders.every((o) => o.pharmacyOrgId === pharmacy.id)).toBe(true);
    expect(new Set(orders.map((o) => o.state)).size).toBeGreaterThanOrEqual(8);
    const history = await database.db.select().from(deliveryOrderHistory).orderBy(asc(deliveryOrderHistory.id));
    for (const o of orders) {
      const steps = history.filter((h) => h.orderId === o.id);
      expect(steps[0]).toMatchObject({ fromState: null, toState: DeliveryOrderState.submitted, side: 'care' });
      for (const h of steps.slice(1)) expect(canTransition(h.fromState as DeliveryOrderState, h.toState as DeliveryOrderState, h.side as DeliverySide)).toBe(true);
      expect(steps.at(-1)!.toState).toBe(o.state);
    }
  });

  it('keeps a week of work logs in the care organisation (day and evening), the hospital and the clinic, entries inside their shifts', async () => {
    const logs = await database.db.select().from(workLogs);
    expect(logs).toHaveLength(28);
    expect(new Set(logs.map((l) => l.shift))).toEqual(new Set([0, 1]));
    const orgRows = await database.db.select().from(orgs);
    for (const type of [OrgType.care, OrgType.hospital, OrgType.clinic]) {
      const org = orgRows.find((o) => o.type === type && !o.isGuard)!;
      expect(logs.filter((l) => l.orgId === org.id).length).toBeGreaterThanOrEqual(7);
    }
    for (const l of logs) {
      const start = toUnix(l.shiftDate);
      expect(l.entries.length).toBeGreaterThan(0);
      expect(l.entries.every((e) => e.time >= start && e.time < start + 2 * 86_400)).toBe(true);
    }
  });

  it('keeps two weeks of care records of each kind, some still due, and one dose late now', async () => {
    const now = toUnix(new Date());
    for (const table of [careEducations, careFollowUps, careSchedules, carePackages, medicines]) {
      expect((await database.db.select().from(table)).length).toBeGreaterThan(4);
    }
    const education = await database.db.select().from(careEducations);
    expect(education.some((e) => e.state === 0) && education.some((e) => e.state === 1)).toBe(true);
    expect(Math.min(...education.map((e) => toUnix(e.educateAt)))).toBeLessThan(now - 12 * 86_400);
    const visits = await database.db.select().from(careFollowUps);
    expect(visits.some((v) => v.state === 0 && toUnix(v.appointmentAt) > now)).toBe(true);
    const doses = await database.db.select().from(carePackageDoses);
    const late = doses.filter((d) => d.state === 0 && d.scheduledAt !== null && toUnix(d.scheduledAt) < now - 2 * 3600);
    expect(late).toHaveLength(1);
    const handles = await database.db.select().from(careHandles);
    expect(handles.some((h) => h.reason !== null)).toBe(true);
    expect(handles.some((h) => h.witnessId !== null)).toBe(true);
  });

  it('keeps a week of accepted handovers of the care home\'s first area, back to back, one action carried over', async () => {
    const rows = await database.db.select().from(handovers).orderBy(asc(handovers.periodEnd));
    expect(rows).toHaveLength(21);
    expect(rows.every((h) => h.state === HandoverState.accepted && h.signedBy !== h.acceptedBy)).toBe(true);
    for (let i = 1; i < rows.length; i++) expect(rows[i].periodStart).toEqual(rows[i - 1].periodEnd);
    const carried = await database.db.select().from(handoverActions);
    expect(carried.some((a) => a.carriedFromId !== null && a.doneAt !== null)).toBe(true);
  });

  it('keeps a change history that led to the world as seeded, in every organisation with staff or members', async () => {
    const orgRows = await database.db.select().from(orgs);
    const staffRows = await database.db.select().from(staff);
    const memberRows = await database.db.select().from(members);
    const staffLog = await database.db.select().from(staffChangeLogs).orderBy(asc(staffChangeLogs.createdAt));
    const memberLog = await database.db.select().from(memberChangeLogs).orderBy(asc(memberChangeLogs.createdAt));
    const stateLog = await database.db.select().from(medicalStateLogs).orderBy(asc(medicalStateLogs.createdAt));
    const now = Date.now();
    for (const entry of [...staffLog, ...memberLog, ...stateLog]) expect(entry.createdAt.getTime()).toBeLessThan(now);

    // Every organisation's staff change log has rows, each change ending in the account as it is.
    for (const org of orgRows)
      expect(staffLog.some((l) => l.orgId === org.id), org.name).toBe(true);
    for (const l of staffLog) {
      const person = staffRows.find((s) => s.id === l.staffId)!;
      expect(person.orgId).toBe(l.orgId);
      // An organisation's administrator is changed by the operator's staff, everyone else in-house.
      const operatorOrg = staffRows.find((s) => s.account === 'engineer')!.orgId;
      expect([l.orgId, operatorOrg]).toContain(staffRows.find((s) => s.id === l.operatorId)!.orgId);
      const after = l.after as Record<string, unknown>;
      if ('area_id' in after) expect(after.area_id).toBe(person.areaId);
      if ('role' in after) expect(after.role).toBe(person.role);
    }
    const lastEnable = new Map(staffLog.filter((l) => 'enable' in (l.after as object)).map((l) => [l.staffId, (l.after as { enable: boolean }).enable]));
    expect([...lastEnable.values()].every(Boolean)).toBe(true);

    // Every organisation with members has member changes and medical-state changes.
    const withMembers = orgRows.filter((o) => memberRows.some((m) => m.orgId === o.id));
    for (const org of withMembers) {
      expect(memberLog.some((l) => l.orgId === org.id), org.name).toBe(true);
      expect(stateLog.some((l) => l.orgId === org.id), org.name).toBe(true);
    }
    for (const l of memberLog) {
      const member = memberRows.find((m) => m.id === l.memberId)!;
      const after = l.after as Record<string, unknown>;
      if (l.status === MemberChangeStatus.orgChanged) expect(l.orgId).not.toBe(member.orgId);
      else expect(l.orgId).toBe(member.orgId);
      if ('area_id' in after) expect(after.area_id).toBe(member.areaId);
    }
    // Each member's medical-state log is a chain ending in the state the member is in.
    for (const m of memberRows) {
      const own = stateLog.filter((l) => l.memberId === m.id);
      for (let i = 1; i < own.length; i++) expect(own[i].previousState).toBe(own[i - 1].state);
      if (own.length) expect(own.at(-1)!.state).toBe(m.medicalState);
    }

    // The logs' pages open on the last seven days: each organisation, and each area an area
    // administrator holds, has entries in the last six.
    const recent = (l: { createdAt: Date }) => l.createdAt.getTime() > now - 6 * 86_400_000 - 60_000;
    for (const org of orgRows) expect(staffLog.filter(recent).some((l) => l.orgId === org.id), org.name).toBe(true);
    for (const org of withMembers) {
      expect(memberLog.filter(recent).some((l) => l.orgId === org.id), org.name).toBe(true);
      expect(stateLog.filter(recent).some((l) => l.orgId === org.id), org.name).toBe(true);
    }
    for (const admin of staffRows.filter((s) => s.areaId !== null)) {
      expect(staffLog.filter(recent).some((l) => staffRows.find((s) => s.id === l.staffId)!.areaId === admin.areaId), admin.account).toBe(true);
      expect(memberLog.filter(recent).some((l) => memberRows.find((m) => m.id === l.memberId)!.areaId === admin.areaId), admin.account).toBe(true);
    }

    // Nobody acts while their account is disabled.
    const grants = await database.db.select().from(tempRoles);
    const enableChanges = (staffId: number) => staffLog.filter((l) => l.staffId === staffId && l.kind === UserChangeKind.enable);
    const acts = [
      ...staffLog.map((l) => ({ by: l.operatorId!, at: l.createdAt })),
      ...memberLog.map((l) => ({ by: l.operatorId!, at: l.createdAt })),
      ...stateLog.map((l) => ({ by: l.operatorId!, at: l.createdAt })),
      ...grants.map((g) => ({ by: g.grantedBy!, at: g.createdAt })),
    ];
    for (const act of acts) expect(valueAt(enableChanges(act.by), act.at.getTime(), 'enable', true)).toBe(true);
  });

  it('is deterministic and never seeds twice', async () => {
    const before = await database.db.select({ name: members.name }).from(members).orderBy(asc(members.id));
    await seedDemo(database.db);
    const after = await database.db.select({ name: members.name }).from(members);
    expect(after).toHaveLength(before.length);
    expect(before[0].name).toBe('陳美玲');
  });
});
