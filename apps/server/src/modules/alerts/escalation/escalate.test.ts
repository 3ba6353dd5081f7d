import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket as ClientSocket } from 'socket.io-client';
import { RealtimeEvent, Role, type RealtimeAbnormal } from '@vigil/contracts';
import type { Database } from '../../../db/client.ts';
import { abnormalEvents, orgs } from '../../../db/schema/index.ts';
import { addStaff, connectStaff, loggedIn, openTestDatabase, record, seedWorld, startInstance, until, wait, type Instance, type World } from '../../../../test/realtime.ts';
import { escalateDue } from './escalate.ts';

let database: Database;
let instance: Instance;
let world: World;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  instance = await startInstance(database);
  world = await seedWorld(database);
  await database.db.update(orgs).set({ escalationMinutes: 10 }).where(eq(orgs.id, world.a.orgId));
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await instance.close();
  await database.close();
});

describe('escalation', () => {
  it('sends an overdue alert, marked escalated, to the org admin and the area admin only, once', async () => {
    const [areaOne, areaTwo] = world.a.areaIds;
    const otherAreaAdmin = await addStaff(database, Role.orgAreaAdmin, world.a.orgId, areaTwo);
    const clients = {
      admin: connectStaff(instance.url, world.a.admin.token),
      areaAdmin: connectStaff(instance.url, world.a.areaAdmin.token),
      otherAreaAdmin: connectStaff(instance.url, otherAreaAdmin.token),
      staff: connectStaff(instance.url, world.a.staff.token),
      otherOrg: connectStaff(instance.url, world.b.admin.token),
    };
    sockets.push(...Object.values(clients));
    await Promise.all(Object.values(clients).map(loggedIn));
    const seen = Object.fromEntries(Object.entries(clients).map(([k, s]) => [k, record(s, [RealtimeEvent.abnormal])]));

    const now = new Date();
    const old = new Date(now.getTime() - 11 * 60_000);
    const fresh = new Date(now.getTime() - 2 * 60_000);
    const [overdue] = await database.db
      .insert(abnormalEvents)
      .values({ orgId: world.a.orgId, areaId: areaOne, type: 65, category: 2, occurTime: old })
      .returning({ id: abnormalEvents.id });
    await database.db.insert(abnormalEvents).values({ orgId: world.a.orgId, areaId: areaOne, type: 12, category: 1, occurTime: fresh });
    await database.db.insert(abnormalEvents).values({ orgId: world.a.orgId, areaId: areaOne, type: 5, category: 0, occurTime: old, isHandle: true });

    const sent = await escalateDue(instance.app, now);
    expect(sent.map((s) => s.id)).toEqual([overdue.id]);
    await until(() => seen.admin.length === 1 && seen.areaAdmin.length === 1);
    await wait(100);
    expect((seen.admin[0].payload as RealtimeAbnormal).escalated).toBe(true);
    expect(seen.otherAreaAdmin).toHaveLength(0);
    expect(seen.staff).toHaveLength(0);
    expect(seen.otherOrg).toHaveLength(0);

    expect(await escalateDue(instance.app, new Date(now.getTime() + 60_000))).toEqual([]);
    const [row] = await database.db.select().from(abnormalEvents).where(eq(abnormalEvents.id, overdue.id));
    expect(row.escalatedAt).not.toBeNull();
  });
});
