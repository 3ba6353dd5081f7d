import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket as ClientSocket } from 'socket.io-client';
import { AbnormalType, DataSource, DeviceType, RealtimeEvent, Role, type RealtimeAbnormal, nowUnix } from '@vigil/contracts';
import type { Database } from '../db/client.ts';
import { abnormalEvents, apiGroups, roles } from '../db/schema/index.ts';
import { addMonitoredMember } from '../ingest/fixtures.ts';
import { connectStaff, loggedIn, openTestDatabase, record, seedWorld, startInstance, until, wait, type Instance, type World } from '../../test/realtime.ts';

/**
 * Changes to an alert made outside the raise path reach every console in scope over the socket:
 * following it (PATCH /abnormal/follow/{id}) and the pipeline closing it as recovered.
 */
let database: Database;
let instance: Instance;
let world: World;
let serial: string;
const sockets: ClientSocket[] = [];
const now = nowUnix();
const gateway = () => ({ kind: 'gateway' as const, gatewayId: 0, orgId: world.a.orgId });
const temperature = (occur_time: number, value: number) => ({
  serial,
  kind: 'bodyTemperature',
  source: DataSource.temperaturePatch1m,
  occur_time,
  values: { value },
});

async function open(token: string): Promise<ClientSocket> {
  const socket = connectStaff(instance.url, token);
  sockets.push(socket);
  await loggedIn(socket);
  return socket;
}

const ids = (seen: Array<{ payload: unknown }>) => seen.map((s) => (s.payload as RealtimeAbnormal).id);

beforeAll(async () => {
  database = await openTestDatabase();
  instance = await startInstance(database);
  world = await seedWorld(database, 'Announce');
  const patch = await addMonitoredMember(database.db, world.a.orgId, world.a.areaIds[0], 'Cleo', DeviceType.temperaturePatch);
  serial = patch.device.serial;
  // The follow toggle is its own permission pair; grant it to the org admins' group for the test.
  const [role] = await database.db.select().from(roles).where(eq(roles.id, Role.orgAdmin));
  const [group] = await database.db.select().from(apiGroups).where(eq(apiGroups.id, role.apiGroupId));
  await database.db
    .update(apiGroups)
    .set({ permissions: [...group.permissions, { route: '/abnormal/follow/{id}', method: 'PATCH' }] })
    .where(eq(apiGroups.id, group.id));
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await instance.close();
  await database.close();
});

describe('alert updates on the staff channel', () => {
  it('announces a follow as an updated `abnormal` to the scope, not to another organisation', async () => {
    const service = instance.app.ingest;
    await service.ingest(gateway(), [temperature(now - 1800, 38.6)]);
    const [event] = await database.db.select().from(abnormalEvents).where(eq(abnormalEvents.type, AbnormalType.bodyTemperatureHigh));

    const [admin, areaAdmin, other] = await Promise.all([
      open(world.a.admin.token),
      open(world.a.areaAdmin.token),
      open(world.b.admin.token),
    ]);
    const seenAdmin = record(admin, [RealtimeEvent.abnormal]);
    const seenArea = record(areaAdmin, [RealtimeEvent.abnormal]);
    const seenOther = record(other, [RealtimeEvent.abnormal]);

    const res = await instance.app.inject({
      method: 'PATCH',
      url: `${instance.app.config.apiPrefix}/abnormal/follow/${event.id}`,
      headers: { authorization: `Bearer ${world.a.admin.token}` },
      payload: {},
    });
    expect(res.json().data.is_follow).toBe(true);
    await until(() => seenAdmin.length === 1 && seenArea.length === 1);
    expect(seenAdmin[0].payload).toMatchObject({ id: event.id, is_follow: true, is_handle: false });
    expect(ids(seenArea)).toEqual([event.id]);
    await wait(50);
    expect(seenOther).toHaveLength(0);
  });

  it('announces an alert closed by a recovered reading as `abnoramlHandle`, so feeds drop it', async () => {
    const service = instance.app.ingest;
    const [event] = await database.db.select().from(abnormalEvents).where(eq(abnormalEvents.type, AbnormalType.bodyTemperatureHigh));
    const [admin, other] = await Promise.all([open(world.a.admin.token), open(world.b.admin.token)]);
    const seen = record(admin, [RealtimeEvent.abnormal, RealtimeEvent.abnormalHandle]);
    const seenOther = record(other, [RealtimeEvent.abnormal, RealtimeEvent.abnormalHandle]);

    // Back in range 5 minutes after opening: inside the hold time, the event stays open and unsent.
    await service.ingest(gateway(), [temperature(now - 1500, 36.8)]);
    await wait(100);
    expect(seen).toHaveLength(0);

    // Back in range 25 minutes after opening: recovered, closed and announced at once.
    await service.ingest(gateway(), [temperature(now - 300, 36.7)]);
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ event: RealtimeEvent.abnormalHandle, payload: { id: event.id, is_handle: false } });
    const [row] = await database.db.select().from(abnormalEvents).where(eq(abnormalEvents.id, event.id));
    expect(row.recoveredAt).not.toBeNull();
    await wait(50);
    expect(seenOther).toHaveLength(0);
  });

  it('does not bring a closed alert back into the feeds when it is followed', async () => {
    const [event] = await database.db.select().from(abnormalEvents).where(eq(abnormalEvents.type, AbnormalType.bodyTemperatureHigh));
    const admin = await open(world.a.admin.token);
    const seen = record(admin, [RealtimeEvent.abnormal]);
    const res = await instance.app.inject({
      method: 'PATCH',
      url: `${instance.app.config.apiPrefix}/abnormal/follow/${event.id}`,
      headers: { authorization: `Bearer ${world.a.admin.token}` },
      payload: { is_follow: false },
    });
    expect(res.json().data.is_follow).toBe(false);
    await wait(150);
    expect(seen).toHaveLength(0);
  });
});
