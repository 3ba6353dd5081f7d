import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket as ClientSocket } from 'socket.io-client';
import { RealtimeEvent, type RealtimeAbnormal } from '@vigil/contracts';
import type { Database } from '../db/client.ts';
import { abnormalEvents, abnormalHandles } from '../db/schema/index.ts';
import { connectStaff, loggedIn, openTestDatabase, record, seedWorld, startInstance, until, wait, type Instance, type World } from '../../test/realtime.ts';

let database: Database;
let instance: Instance;
let world: World;
const sockets: ClientSocket[] = [];

let nextType = 0;

/** Distinct types, because the schema allows one open event per type, member and device. */
async function raise(orgId: number, areaId: number | null): Promise<number> {
  const type = nextType++;
  const [row] = await database.db
    .insert(abnormalEvents)
    .values({ orgId, areaId, type, category: 1, occurTime: new Date() })
    .returning({ id: abnormalEvents.id });
  return row.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  instance = await startInstance(database);
  world = await seedWorld(database);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await instance.close();
  await database.close();
});

describe('reconnect catch-up', () => {
  it('replays alerts raised and handled while a client was disconnected, in its scope only', async () => {
    const known = await raise(world.a.orgId, world.a.areaIds[0]);
    const first = connectStaff(instance.url, world.a.admin.token);
    sockets.push(first);
    const login = (await loggedIn(first)) as { server_time: number };
    first.disconnect();
    const cursor = { id: known, time: login.server_time };
    await wait(1100);

    // While away: one new alert in scope, one in another organisation, the known one handled.
    const missed = await raise(world.a.orgId, world.a.areaIds[1]);
    await raise(world.b.orgId, world.b.areaIds[0]);
    await database.db.update(abnormalEvents).set({ isHandle: true, updatedAt: new Date() }).where(eq(abnormalEvents.id, known));
    await database.db.insert(abnormalHandles).values({ abnormalId: known, content: 'Checked on resident', staffName: 'Staff 1' });

    const again = connectStaff(instance.url, world.a.admin.token, cursor);
    sockets.push(again);
    const seen = record(again, [RealtimeEvent.abnormal, RealtimeEvent.abnormalHandle]);
    await loggedIn(again);
    await until(() => seen.length === 2);
    await wait(100);
    const byEvent = Object.fromEntries(seen.map((s) => [s.event, s.payload as RealtimeAbnormal]));
    expect(byEvent[RealtimeEvent.abnormal].id).toBe(missed);
    expect(byEvent[RealtimeEvent.abnormalHandle]).toMatchObject({ id: known, is_handle: true, handle: { content: 'Checked on resident' } });
    expect(seen).toHaveLength(2);
  });

  it('replays nothing to a client without GET /abnormal', async () => {
    await raise(world.a.orgId, null);
    const aide = connectStaff(instance.url, world.a.aide.token, { id: 0, time: 0 });
    sockets.push(aide);
    const seen = record(aide, [RealtimeEvent.abnormal, RealtimeEvent.abnormalHandle]);
    await loggedIn(aide);
    await wait(200);
    expect(seen).toHaveLength(0);
  });
});
