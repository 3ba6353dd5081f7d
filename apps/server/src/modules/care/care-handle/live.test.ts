import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket as ClientSocket } from 'socket.io-client';
import { AbnormalType, MedicationFrequency, RealtimeEvent, fromUnix, nowUnix, type AbnormalPayload } from '@vigil/contracts';
import type { Database } from '../../../db/client.ts';
import { carePackageDoses, carePackages, medicines, members } from '../../../db/schema/index.ts';
import { connectStaff, loggedIn, openTestDatabase, record, seedWorld, startInstance, until, type Instance, type World } from '../../../../test/realtime.ts';
import { raiseLateDoses } from './scheduler.ts';

/** A late dose's alert reaches the connected staff of the member's organisation, once. */
let database: Database;
let instance: Instance;
let world: World;
let socket: ClientSocket;
let memberId: number;
let packageId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  world = await seedWorld(database, 'Med');
  const [m] = await database.db.insert(members).values({ orgId: world.a.orgId, areaId: world.a.areaIds[1], name: 'Med Resident' }).returning({ id: members.id });
  memberId = m.id;
  const [medicine] = await database.db
    .insert(medicines)
    .values({ orgId: world.a.orgId, name: 'Med Amlodipine', form: 0, unit: 'tablet', medicationType: 0 })
    .returning({ id: medicines.id });
  const [pkg] = await database.db
    .insert(carePackages)
    .values({
      orgId: world.a.orgId,
      areaId: world.a.areaIds[1],
      memberId,
      medicineId: medicine.id,
      medicationType: 0,
      prescriptionType: 1,
      frequency: MedicationFrequency.qd,
      dose: 1,
      route: 0,
      dailyTimes: [480],
      startDate: fromUnix(nowUnix() - 86_400),
    })
    .returning({ id: carePackages.id });
  packageId = pkg.id;
  instance = await startInstance(database);
  socket = connectStaff(instance.url, world.a.staff.token);
  await loggedIn(socket);
});

afterAll(async () => {
  socket?.disconnect();
  await instance?.close();
  await database?.close();
});

describe('late dose alert', () => {
  it('reaches a connected staff socket exactly once', async () => {
    const at = nowUnix() - 3 * 3600;
    await database.db.insert(carePackageDoses).values({ packageId, orgId: world.a.orgId, areaId: world.a.areaIds[1], memberId, scheduledAt: fromUnix(at) });
    const events = record(socket, [RealtimeEvent.abnormal]);
    const raiser = instance.app.alerts;
    await raiseLateDoses(database.db, raiser, new Date());
    await raiseLateDoses(database.db, raiser, new Date());
    await until(() => events.length > 0);
    const late = events.map((e) => e.payload as AbnormalPayload).filter((p) => p.type === AbnormalType.medicationDelay);
    expect(late).toHaveLength(1);
    expect(late[0].source.user).toMatchObject({ id: memberId, name: 'Med Resident' });
  });
});
