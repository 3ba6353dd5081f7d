import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket as ClientSocket } from 'socket.io-client';
import { ErrorCode, RealtimeEvent, Role } from '@vigil/contracts';
import { invalidateRouting } from '../alerts/routing.ts';
import type { Database } from '../db/client.ts';
import {
  addOrg,
  addStaff,
  connectStaff,
  loggedIn,
  openTestDatabase,
  record,
  relate,
  seedWorld,
  startInstance,
  until,
  wait,
  type Instance,
  type World,
} from '../../test/realtime.ts';
import { abnormalFixture, deviceDataFixture } from '../../test/realtime-fixtures.ts';

let database: Database;
let instance: Instance;
let world: World;
const sockets: ClientSocket[] = [];

function open(token: string): ClientSocket {
  const socket = connectStaff(instance.url, token);
  sockets.push(socket);
  return socket;
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

describe('staff channel authentication', () => {
  it('refuses a missing or unknown token with code -1', async () => {
    const unknown = open('not-a-real-token-aaaaaaaaaaaaaaaa');
    const error = (await loggedIn(unknown).catch((e: unknown) => e)) as { data?: { code: number } };
    expect(error.data).toEqual({ code: ErrorCode.tokenExpired });

    const none = connectStaff(instance.url, '');
    sockets.push(none);
    const error2 = (await loggedIn(none).catch((e: unknown) => e)) as { data?: { code: number } };
    expect(error2.data?.code).toBe(ErrorCode.tokenExpired);
  });

  it('refuses a token whose session has been revoked', async () => {
    const member = await addStaff(database, Role.orgStaff, world.a.orgId, null);
    const { revokeStaffSessions } = await import('../auth/sessions.ts');
    await revokeStaffSessions(database.db, member.id);
    const error = (await loggedIn(open(member.token)).catch((e: unknown) => e)) as { data?: { code: number } };
    expect(error.data?.code).toBe(ErrorCode.tokenExpired);
  });

  it('confirms a valid token with the login result', async () => {
    const result = await loggedIn(open(world.a.admin.token));
    expect(result).toMatchObject({ code: 0, staff_id: world.a.admin.id, org_id: world.a.orgId, abnormal: true });
  });

  it('still connects bell-hidden roles, without abnormal events', async () => {
    const aide = open(world.a.aide.token);
    expect(await loggedIn(aide)).toMatchObject({ code: 0, abnormal: false });
    const seen = record(aide, [RealtimeEvent.abnormal]);
    const admin = open(world.a.admin.token);
    await loggedIn(admin);
    const adminSeen = record(admin, [RealtimeEvent.abnormal]);
    instance.app.events.emit('abnormal', { org_id: world.a.orgId, area_id: null, member_id: null, payload: abnormalFixture({ id: 9001 }) });
    await until(() => adminSeen.length === 1);
    await wait(50);
    expect(seen).toHaveLength(0);
  });
});

describe('scoping', () => {
  it('never delivers one organisation’s events to another', async () => {
    const a = open(world.a.admin.token);
    const b = open(world.b.admin.token);
    await Promise.all([loggedIn(a), loggedIn(b)]);
    const seenA = record(a, [RealtimeEvent.abnormal, RealtimeEvent.abnormalHandle]);
    const seenB = record(b, [RealtimeEvent.abnormal, RealtimeEvent.abnormalHandle]);
    for (let i = 0; i < 20; i++) {
      const org = i % 2 === 0 ? world.a : world.b;
      const payload = abnormalFixture({ id: 100 + i, areaId: org.areaIds[0] });
      instance.app.events.emit('abnormal', { org_id: org.orgId, area_id: org.areaIds[0], member_id: null, payload });
      instance.app.events.emit('abnormalHandled', { org_id: org.orgId, area_id: org.areaIds[0], member_id: null, payload });
    }
    await until(() => seenA.length === 20 && seenB.length === 20);
    await wait(50);
    const ids = (seen: typeof seenA) => new Set(seen.map((s) => (s.payload as { id: number }).id % 2));
    expect(ids(seenA)).toEqual(new Set([0]));
    expect(ids(seenB)).toEqual(new Set([1]));
  });

  it('limits area admins to their area', async () => {
    const areaAdmin = open(world.a.areaAdmin.token);
    await loggedIn(areaAdmin);
    const seen = record(areaAdmin, [RealtimeEvent.abnormal]);
    const [own, other] = world.a.areaIds;
    instance.app.events.emit('abnormal', { org_id: world.a.orgId, area_id: other, member_id: null, payload: abnormalFixture({ id: 201, areaId: other }) });
    instance.app.events.emit('abnormal', { org_id: world.a.orgId, area_id: own, member_id: null, payload: abnormalFixture({ id: 202, areaId: own }) });
    await until(() => seen.length >= 1);
    await wait(50);
    expect(seen.map((s) => (s.payload as { id: number }).id)).toEqual([202]);
  });

  it('extends a related organisation granted abnormal events', async () => {
    const guard = await addOrg(database, 'Guard Co');
    await relate(database, world.a.orgId, guard.orgId, ['abnormal']);
    const other = await addOrg(database, 'Pharmacy Co', 2);
    await relate(database, world.a.orgId, other.orgId, ['members']);
    // A fall (the fixture's type) is a safety alert: routed to the related organisation's guards (docs/alert-rules.md).
    const guardAdmin = await addStaff(database, Role.guardStaff, guard.orgId, null);
    const hospital = await addOrg(database, 'Hospital Co', 3);
    await relate(database, world.a.orgId, hospital.orgId, ['members']);
    const doctor = await addStaff(database, Role.hospitalAdmin, hospital.orgId, null);
    // The relations were written straight to the database, past the API that drops the cached rule set.
    invalidateRouting(database.db);
    const g = open(guardAdmin.token);
    const d = open(doctor.token);
    await Promise.all([loggedIn(g), loggedIn(d)]);
    const seenG = record(g, [RealtimeEvent.abnormal]);
    const seenD = record(d, [RealtimeEvent.abnormal]);
    instance.app.events.emit('abnormal', { org_id: world.a.orgId, area_id: null, member_id: null, payload: abnormalFixture({ id: 301 }) });
    await until(() => seenG.length === 1);
    await wait(50);
    expect(seenD).toHaveLength(0);
  });

  it('drops a payload that fails the contract instead of sending it', async () => {
    const a = open(world.a.admin.token);
    await loggedIn(a);
    const seen = record(a, [RealtimeEvent.abnormal]);
    instance.app.events.emit('abnormal', { org_id: world.a.orgId, area_id: null, member_id: null, payload: { id: 'oops' } });
    instance.app.events.emit('abnormal', { org_id: world.a.orgId, area_id: null, member_id: null, payload: abnormalFixture({ id: 401 }) });
    await until(() => seen.length === 1);
    expect((seen[0].payload as { id: number }).id).toBe(401);
  });
});

describe('device rooms', () => {
  it('streams a joined room’s live data to the organisation only, and stops after leaving', async () => {
    const a = open(world.a.staff.token);
    const b = open(world.b.admin.token);
    await Promise.all([loggedIn(a), loggedIn(b)]);
    const joined = new Promise((r) => a.once('join', r));
    a.emit('join_realtime_room', 'sleep');
    expect(await joined).toEqual({ room: 'sleep', ok: true });
    b.emit('join_realtime_room', 'sleep');
    await new Promise((r) => b.once('join', r));
    const seenA = record(a, [RealtimeEvent.sleepRealTime]);
    const seenB = record(b, [RealtimeEvent.sleepRealTime]);
    instance.app.events.emit('deviceData', { org_id: world.a.orgId, area_id: world.a.areaIds[1], room: 'sleep', payload: deviceDataFixture('sleep') });
    await until(() => seenA.length === 1);
    await wait(50);
    expect(seenB).toHaveLength(0);

    a.emit('leave_realtime_room', 'sleep');
    await new Promise((r) => a.once('leave', r));
    instance.app.events.emit('deviceData', { org_id: world.a.orgId, area_id: null, room: 'sleep', payload: deviceDataFixture('sleep') });
    await wait(100);
    expect(seenA).toHaveLength(1);
  });

  it('rejects an unknown room name', async () => {
    const a = open(world.a.staff.token);
    await loggedIn(a);
    const reply = new Promise((r) => a.once('join', r));
    a.emit('join_realtime_room', 'kitchen');
    expect(await reply).toEqual({ room: 'kitchen', ok: false });
  });
});
