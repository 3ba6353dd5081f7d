import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import type { Socket as ClientSocket } from 'socket.io-client';
import { RealtimeEvent } from '@vigil/contracts';
import type { Database } from '../db/client.ts';
import { abnormalFixture } from '../../test/realtime-fixtures.ts';
import { addStaff, connectStaff, loggedIn, openTestDatabase, record, seedWorld, startInstance, until, wait, type Instance, type World } from '../../test/realtime.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const required = process.env.CI === 'true';

/** Whether Redis answers; in CI it must (the suite then fails loudly instead of skipping). */
async function redisAvailable(): Promise<boolean> {
  const client = createClient({ url: redisUrl, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    await client.close();
    return true;
  } catch {
    return false;
  }
}

const available = await redisAvailable();
if (!available && !required) {
  console.warn(`realtime cluster test skipped: no Redis at ${redisUrl} (set TEST_REDIS_URL; CI=true makes it mandatory)`);
}

describe.runIf(available || required)('two instances through Redis', () => {
  let database: Database;
  let a: Instance;
  let b: Instance;
  let world: World;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    if (!available) throw new Error(`Redis is required in CI but does not answer at ${redisUrl}`);
    database = await openTestDatabase();
    [a, b] = [await startInstance(database, redisUrl), await startInstance(database, redisUrl)];
    world = await seedWorld(database, `Cluster ${Date.now()}`);
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('delivers an alert raised on instance A to a socket on instance B, and only in scope', async () => {
    expect(a.app.realtime.clustered).toBe(true);
    const onB = connectStaff(b.url, world.a.admin.token);
    const otherOrgOnB = connectStaff(b.url, world.b.admin.token);
    sockets.push(onB, otherOrgOnB);
    await Promise.all([loggedIn(onB), loggedIn(otherOrgOnB)]);
    const seen = record(onB, [RealtimeEvent.abnormal, RealtimeEvent.abnormalHandle]);
    const leaked = record(otherOrgOnB, [RealtimeEvent.abnormal, RealtimeEvent.abnormalHandle]);

    const payload = abnormalFixture({ id: 777, areaId: world.a.areaIds[0] });
    a.app.events.emit('abnormal', { org_id: world.a.orgId, area_id: world.a.areaIds[0], member_id: null, payload });
    await until(() => seen.length === 1, 5000);
    expect(seen[0]).toEqual({ event: RealtimeEvent.abnormal, payload });

    a.app.events.emit('abnormalHandled', {
      org_id: world.a.orgId,
      area_id: world.a.areaIds[0],
      member_id: null,
      payload: { ...payload, is_handle: true },
    });
    await until(() => seen.length === 2, 5000);
    expect(seen[1].event).toBe(RealtimeEvent.abnormalHandle);
    await wait(100);
    expect(leaked).toHaveLength(0);
  });

  it('ends a socket on instance B within 1 s when its session signs out through instance A', async () => {
    const member = await addStaff(database, world.a.admin.role, world.a.orgId, null);
    const onB = connectStaff(b.url, member.token);
    sockets.push(onB);
    await loggedIn(onB);
    const notices = record(onB, ['logout']);
    const closed = new Promise<number>((resolve) => onB.once('disconnect', () => resolve(Date.now())));
    const started = Date.now();
    const res = await a.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${member.token}` } });
    expect(res.statusCode).toBe(200);
    const ms = (await closed) - started;
    console.log(`revocation across instances: logout on A -> socket on B closed in ${ms} ms`);
    expect(ms).toBeLessThan(1000);
    expect(notices).toEqual([{ event: 'logout', payload: { code: -1 } }]);
  });
});
