import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket as ClientSocket } from 'socket.io-client';
import { DELIVERY_ORDER_EVENT, DeliveryOrderState as S, OrgType, Role, deliveryOrderEvent, nowUnix } from '@vigil/contracts';
import type { Database } from '../../../db/client.ts';
import { members } from '../../../db/schema/index.ts';
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
  type SeededStaff,
  type World,
} from '../../../../test/realtime.ts';

/**
 * A new order and each state change reach the other side's connected staff at once, and nobody
 * outside the two organisations (docs/delivery.md, Live).
 */
let database: Database;
let instance: Instance;
let world: World;
let pharmacist: SeededStaff;
let pharmacyAreaId: number;
let memberId: number;
const sockets: ClientSocket[] = [];

async function open(token: string): Promise<ClientSocket> {
  const socket = connectStaff(instance.url, token);
  sockets.push(socket);
  await loggedIn(socket);
  return socket;
}

const call = (token: string, method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  instance.app.inject({ method, url: instance.app.config.apiPrefix + url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

beforeAll(async () => {
  database = await openTestDatabase();
  world = await seedWorld(database, 'Dlv');
  const pharmacy = await addOrg(database, 'Dlv Pharmacy', OrgType.pharmacy);
  pharmacyAreaId = pharmacy.areaIds[0];
  await relate(database, world.a.orgId, pharmacy.orgId, ['delivery']);
  pharmacist = await addStaff(database, Role.pharmacyStaff, pharmacy.orgId, null);
  const [m] = await database.db
    .insert(members)
    .values({ orgId: world.a.orgId, areaId: world.a.areaIds[1], name: 'Dlv Resident' })
    .returning({ id: members.id });
  memberId = m.id;
  instance = await startInstance(database);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await instance?.close();
  await database?.close();
});

describe('delivery orders on the staff channel', () => {
  it('brings a new order to the pharmacy and each pharmacy state back to the care home, and to no one else', async () => {
    const pharmacySocket = await open(pharmacist.token);
    const careSocket = await open(world.a.admin.token);
    const otherCare = await open(world.b.admin.token);
    const atPharmacy = record(pharmacySocket, [DELIVERY_ORDER_EVENT]);
    const atCare = record(careSocket, [DELIVERY_ORDER_EVENT]);
    const atOther = record(otherCare, [DELIVERY_ORDER_EVENT]);

    const sent = Date.now();
    const res = await call(world.a.staff.token, 'POST', '/delivery/medicine', {
      member_id: memberId,
      pharmacy_area_id: pharmacyAreaId,
      type: 0,
      requested_date: nowUnix(),
      lines: [{ medicine_name: 'Donepezil 5 mg', quantity: 28, unit: 'tablet' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    await until(() => atPharmacy.length === 1, 1000);
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(deliveryOrderEvent.parse(atPharmacy[0].payload)).toMatchObject({ id, state: S.submitted, member_name: 'Dlv Resident', change: 'created', by_side: 'care' });

    for (const state of [S.receive, S.processing]) {
      expect((await call(pharmacist.token, 'PATCH', `/delivery/medicine/state/${id}`, { state })).statusCode).toBe(200);
    }
    await until(() => atCare.length === 3);
    expect(atCare.map((e) => deliveryOrderEvent.parse(e.payload)).map((e) => [e.state, e.change, e.by_side])).toEqual([
      [S.submitted, 'created', 'care'],
      [S.receive, 'state', 'pharmacy'],
      [S.processing, 'state', 'pharmacy'],
    ]);
    await wait(100);
    expect(atOther).toEqual([]);
  });
});
