import { DeviceType, guardRoles, roleOrgType, type MedicalState } from '@vigil/contracts';
import { hashPassword } from '../auth/password.ts';
import { ensureRoles } from '../db/bootstrap.ts';
import { hashKey } from '../ingest/directory.ts';
import type { Db, Tx } from '../db/client.ts';
import { areas, deviceBindings, devices, members, orgRelations, orgs, staff } from '../db/schema/index.ts';
import {
  DEMO_PASSWORD,
  contactGivenNames,
  demoAccounts,
  demoMedicalStates,
  demoMemberNames,
  demoOrgs,
  demoRelations,
  type DemoOrgKey,
} from './data.ts';
import { seedDeliveryOrders } from './delivery.ts';
import { seedWorkLogs } from './work-log.ts';
import { seedCareRecords } from './care.ts';
import { seedCareRecordsII } from './care-ii.ts';
import { seedChangeHistory } from './changes.ts';
import { demoSafeZone } from './places.ts';
import { eq } from 'drizzle-orm';
import {
  areaDevicePlan,
  demoDeviceKey,
  deviceModel,
  memberDevicePlan,
  serialPrefix,
  spareDevices,
} from './devices.ts';

/**
 * mulberry32: a tiny seeded PRNG. The demo world must be the same on every run so tests, docs
 * and screenshots can name its members and devices.
 */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DEMO_SEED = 20_240_601;
const DAY_MS = 86_400_000;

/** True when the database already holds an organisation: the demo is only ever seeded into an empty one. */
export async function hasOrganisations(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: orgs.id }).from(orgs).limit(1);
  return rows.length > 0;
}

/**
 * Seeds the demo world of docs/architecture.md "Demo mode" in one transaction: roles, the operator and
 * one organisation per type plus a security company, their relations, the 18 demo accounts,
 * 40 members and devices of every type with their bindings, and their care records, delivery
 * orders, work logs and change history (the handled alerts and handovers come with the week of
 * readings: seedDemoWeek). Does nothing
 * when any organisation exists, so a database a person has started using is never touched.
 */
export async function seedDemo(db: Db): Promise<void> {
  await ensureRoles(db);
  // One argon2 hash for all 18 accounts: hashing each would cost ~1 s for identical output.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rand = createRandom(DEMO_SEED);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const now = Date.now();

  await db.transaction(async (tx) => {
    if (await hasOrganisations(tx)) return;

    const orgRows = await tx
      .insert(orgs)
      .values(demoOrgs.map((o) => ({ name: o.name, type: o.type, isGuard: o.isGuard, phone: o.phone, address: o.address })))
      .returning({ id: orgs.id, name: orgs.name });
    const orgId = new Map<DemoOrgKey, number>(
      demoOrgs.map((o) => [o.key, orgRows.find((r) => r.name === o.name)!.id]),
    );
    const id = (key: DemoOrgKey) => orgId.get(key)!;

    const areaRows = await tx
      .insert(areas)
      .values(demoOrgs.flatMap((o) => o.areas.map((name) => ({ orgId: id(o.key), name }))))
      .returning({ id: areas.id, orgId: areas.orgId, name: areas.name });
    const areaId = (key: DemoOrgKey, index: number) => {
      const org = demoOrgs.find((o) => o.key === key)!;
      return areaRows.find((a) => a.orgId === id(key) && a.name === org.areas[index])!.id;
    };

    await tx
      .insert(orgRelations)
      .values(demoRelations.map((r) => ({ orgId: id('care'), relatedOrgId: id(r.related), grants: r.grants })));

    const staffRows = await tx
      .insert(staff)
      .values(
        demoAccounts.map((a) => {
          const org = demoOrgs.find((o) => o.key === a.org)!;
          // The seed data must obey the same rules the staff API enforces.
          if (roleOrgType[a.role] !== org.type || guardRoles.has(a.role) !== org.isGuard) {
            throw new Error(`demo account ${a.account}: role ${a.role} does not fit ${org.name}`);
          }
          return {
            orgId: id(a.org),
            areaId: a.area === undefined ? null : areaId(a.org, a.area),
            role: a.role,
            account: a.account,
            passwordHash,
            // Demo passwords are published on purpose; don't ask every demo user to change theirs.
            passwordChangedAt: new Date(),
            name: a.name,
            email: `${a.account}@demo.vigil.example`,
          };
        }),
      )
      .returning({ id: staff.id, account: staff.account, orgId: staff.orgId });
    // Bindings are recorded as made by the first account of the device's organisation (its admin).
    const binderOf = (org: number) => staffRows.find((s) => s.orgId === org)?.id ?? null;

    type MemberOrg = keyof typeof demoMemberNames;
    const memberOrgs = Object.keys(demoMemberNames) as MemberOrg[];
    const memberValues = memberOrgs.flatMap((key) => {
      const names = demoMemberNames[key];
      const states = shuffle([...demoMedicalStates[key]], rand);
      const firstHalf = Math.ceil(names.length / 2);
      return names.map((person, i) => {
        const area = i < firstHalf ? 0 : 1;
        const place = roomAndBed(key, area, area === 0 ? i : i - firstHalf);
        const latin = /^[A-Za-z]/.test(person.name);
        const surname = latin ? person.name.split(' ').at(-1)! : person.name[0];
        const contactGiven = latin ? pick(['Anna', 'James', 'Emily', 'Michael', 'Sophie']) : pick(contactGivenNames);
        return {
          orgId: id(key),
          areaId: areaId(key, area),
          name: person.name,
          gender: person.gender,
          birthday: birthdayForAge(now, int(62, 96), int(0, 364)),
          room: place.room,
          bed: place.bed,
          medicalState: states[i] as MedicalState,
          emergencyContact: latin ? `${contactGiven} ${surname}` : `${surname}${contactGiven}`,
          emergencyPhone: `09${int(10, 99)}-${int(100, 999)}-${int(100, 999)}`,
          isFollow: i % 7 === 3,
        };
      });
    });
    const memberRows = await tx
      .insert(members)
      .values(memberValues)
      .returning({ id: members.id, orgId: members.orgId, areaId: members.areaId });
    // Rows come back in insert order, so a member's position in its organisation's list is stable.
    const memberIndex = new Map<string, (typeof memberRows)[number]>();
    let offset = 0;
    for (const key of memberOrgs) {
      demoMemberNames[key].forEach((_, i) => memberIndex.set(`${key}:${i}`, memberRows[offset + i]));
      offset += demoMemberNames[key].length;
    }

    type Target = { orgId: number; areaId: number; memberId: number | null; bound: boolean };
    const planned: { type: DeviceType; target: Target }[] = [];
    for (const type of Object.values(DeviceType)) {
      for (const [org, i] of memberDevicePlan[type] ?? []) {
        const m = memberIndex.get(`${org}:${i}`)!;
        planned.push({ type, target: { orgId: m.orgId, areaId: m.areaId!, memberId: m.id, bound: true } });
      }
      for (const org of areaDevicePlan[type] ?? []) {
        for (const a of [0, 1]) {
          planned.push({ type, target: { orgId: id(org), areaId: areaId(org, a), memberId: null, bound: true } });
        }
      }
    }
    for (const [type, org] of spareDevices) {
      planned.push({ type, target: { orgId: id(org), areaId: areaId(org, 0), memberId: null, bound: false } });
    }

    const perType = new Map<DeviceType, number>();
    const deviceValues = planned.map(({ type, target }) => {
      const n = (perType.get(type) ?? 0) + 1;
      perType.set(type, n);
      const serial = `${serialPrefix[type]}-${String(n).padStart(4, '0')}`;
      return {
        orgId: target.orgId,
        areaId: target.areaId,
        type,
        serial,
        name: target.memberId === null ? areaRows.find((a) => a.id === target.areaId)!.name : null,
        model: deviceModel[type] ?? null,
        keyHash: hashKey(demoDeviceKey(serial)),
      };
    });
    const deviceRows = await tx.insert(devices).values(deviceValues).returning({ id: devices.id });

    const bindingValues = planned.flatMap(({ target }, i) =>
      target.bound
        ? [
            {
              deviceId: deviceRows[i].id,
              memberId: target.memberId,
              // Room devices are bound to their area; wearables to the member alone.
              areaId: target.memberId === null ? target.areaId : null,
              boundAt: new Date(now - int(1, 180) * DAY_MS),
              boundBy: binderOf(target.orgId),
            },
          ]
        : [],
    );
    await tx.insert(deviceBindings).values(bindingValues);
    // Every 4G watch wearer has a safe zone around home, so the location rule has one to judge.
    for (const { type, target } of planned) {
      if (type !== DeviceType.chylyngWatch || target.memberId === null) continue;
      await tx.update(members).set({ safeZone: demoSafeZone(target.memberId) }).where(eq(members.id, target.memberId));
    }
    await seedDeliveryOrders(tx, now, id('care'), id('pharmacy'));
    await seedWorkLogs(tx, now, { care: id('care'), hospital: id('hospital'), clinic: id('clinic') });
    await seedCareRecords(tx, now, id('care'), id('pharmacy'));
    await seedCareRecordsII(tx, now, { care: id('care'), hospital: id('hospital'), clinic: id('clinic') });
    await seedChangeHistory(tx, now);
  });
}

function shuffle<T>(list: T[], rand: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/**
 * A birthday that makes the member exactly `age` today: `daysBefore` (0–364) days before the
 * age-th birthday-anniversary of today. Relative to today so the demo never ages out of 62–96.
 */
function birthdayForAge(now: number, age: number, daysBefore: number): string {
  const today = new Date(now);
  const anniversary = Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate());
  return new Date(anniversary - daysBefore * DAY_MS).toISOString().slice(0, 10);
}

/** Room numbering that matches each kind of organisation; outpatients and home clients have none. */
function roomAndBed(org: keyof typeof demoMemberNames, area: number, i: number): { room: string | null; bed: string | null } {
  switch (org) {
    case 'care':
      return { room: String((area + 1) * 100 + 1 + Math.floor(i / 2)), bed: String((i % 2) + 1) };
    case 'hospital':
      return { room: `${area === 0 ? '7A' : '8B'}-${String(Math.floor(i / 2) + 1).padStart(2, '0')}`, bed: String((i % 2) + 1) };
    case 'hotel':
      return { room: String((area === 0 ? 300 : 500) + 1 + i), bed: null };
    case 'clinic':
    case 'guard':
      return { room: null, bed: null };
  }
}
