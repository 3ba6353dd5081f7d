/**
 * bench:shift's world and the calls the web console makes, shared by run.ts (the bench) and
 * statements.ts (where a call's time goes, statement by statement).
 */
import { inArray, sql } from 'drizzle-orm';
import { DeviceType, Role } from '../../packages/contracts/src/index.ts';
// Types only: the server's Fastify declarations, which the demo seed's modules are checked against.
import type {} from '../../apps/server/src/app.ts';
import { hashPassword } from '../../apps/server/src/auth/password.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { areas, devices, members, staff } from '../../apps/server/src/db/schema/index.ts';
import { seedDemo } from '../../apps/server/src/demo/seed.ts';
import { seedDemoWeek } from '../../apps/server/src/demo/week.ts';
import { seedIngestWorld } from '../../apps/server/src/ingest/fixtures.ts';

export type Person = { id: number; account: string; password: string; role: number; areaId: number | null };

/**
 * The demo world and its week of readings (the server's own seed code), and a care organisation of
 * `devices` members each wearing a watch, over ten wards, with a gateway and `staffCount` staff:
 * one in ten an organisation admin, two in ten an area admin of a ward, the rest organisation
 * staff, each with a password of their own hashed by the server's argon2id (auth/password.ts).
 */
export async function seedShiftWorld(db: Db, options: { devices: number; staff: number }) {
  await seedDemo(db);
  await seedDemoWeek(db, new Date());
  const world = await seedIngestWorld(db, { members: options.devices, deviceType: DeviceType.watchB10, orgName: 'Shift bench care' });
  const wardRows = await db
    .insert(areas)
    .values(Array.from({ length: 9 }, (_, i) => ({ orgId: world.org.id, name: `Ward ${String.fromCharCode(66 + i)}` })))
    .returning({ id: areas.id });
  const wards = [world.area.id, ...wardRows.map((w) => w.id)];
  /** The ward of the i-th member and watch. */
  const wardOf = (i: number) => wards[i % wards.length];
  for (const ward of wards) {
    const mine = world.members.map((_, i) => i).filter((i) => wardOf(i) === ward);
    if (!mine.length) continue;
    await db.update(members).set({ areaId: ward }).where(inArray(members.id, mine.map((i) => world.members[i].id)));
    await db.update(devices).set({ areaId: ward }).where(inArray(devices.id, mine.map((i) => world.devices[i].id)));
  }
  const roleOf = (i: number) => (i % 10 === 0 ? Role.orgAdmin : i % 10 <= 2 ? Role.orgAreaAdmin : Role.orgStaff);
  const passwords = Array.from({ length: options.staff }, (_, i) => `Shift-${i}-${Math.random().toString(36).slice(2, 8)}`);
  const hashes: string[] = [];
  for (let i = 0; i < passwords.length; i += 8) hashes.push(...(await Promise.all(passwords.slice(i, i + 8).map((p) => hashPassword(p)))));
  const rows = passwords.length
    ? await db
        .insert(staff)
        .values(
          passwords.map((_, i) => ({
            orgId: world.org.id,
            areaId: roleOf(i) === Role.orgAreaAdmin ? wards[i % wards.length] : null,
            role: roleOf(i),
            account: `shift${i}`,
            passwordHash: hashes[i],
            name: `Shift Staff ${i}`,
          })),
        )
        .returning({ id: staff.id, account: staff.account, role: staff.role, areaId: staff.areaId })
    : [];
  const people: Person[] = rows.map((r, i) => ({ ...r, password: passwords[i] }));
  const [{ n: readings }] = (await db.execute(sql`select count(*)::int as n from readings`)).rows as { n: number }[];
  return { world, wards, wardOf, people, readings };
}

/** What the web app asks for the alert feed: the unhandled alerts from a month ago to the end of today (useFeedRange). */
export function feedQuery(): string {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const start = Math.floor(today.getTime() / 1000) - 30 * 86_400;
  const end = Math.floor(today.getTime() / 1000) + 86_400 - 1;
  return `/abnormal?is_handle=0&start_date=${start}&end_date=${end}&per_page=-1&order=desc&order_by=occur_time`;
}

/** The shell's calls once signed in (recorded from Chromium: sidebar, push, second factor, delivery badge, the bell's snoozes). */
export const shellCalls = [
  ['sidebar', '/sidebar'],
  ['personal/push', '/personal/push'],
  ['delivery badge', '/delivery/medicine?waiting=1&per_page=1'],
  ['personal/second-factor', '/personal/second-factor'],
  ['abnormal/snooze', '/abnormal/snooze'],
] as const;

/** The home page's data (feed, greeting, panels) and the members page's first page. */
export const homeDataCalls = (): (readonly [string, string])[] => [
  ['alert feed', feedQuery()],
  ['personal', '/personal'],
  ['device summary', '/device/bind/summary'],
  ['sleep summary', '/device/sleep/summary'],
  ['area summary', '/area/summary'],
  ['members page', '/user?page=1&per_page=15&order=asc&order_by=id'],
];

/** A care record as the health-education form sends it. */
export const careRecord = (memberId: number, nowS: number) => ({
  member_id: memberId,
  type: 1,
  educate_at: nowS - 600,
  topic: 'Fall prevention',
  content: 'Stand up slowly; call for help at night',
  recipient: 3,
  method: 1,
  understanding: 1,
});
