import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket as ClientSocket } from 'socket.io-client';
import { RealtimeEvent, type RealtimeAbnormal } from '@vigil/contracts';
import type { Database } from '../db/client.ts';
import { abnormalEvents } from '../db/schema/index.ts';
import { connectStaff, loggedIn, openTestDatabase, record, seedWorld, startInstance, until, wait, type Instance, type World } from '../../test/realtime.ts';

let database: Database;
let instance: Instance;
let world: World;
const sockets: ClientSocket[] = [];

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

describe('handling through the API', () => {
  it('removes the alert from every connected feed of the scope at once, and nowhere else', async () => {
    const [row] = await database.db
      .insert(abnormalEvents)
      .values({ orgId: world.a.orgId, areaId: world.a.areaIds[0], type: 65, category: 2, occurTime: new Date() })
      .returning({ id: abnormalEvents.id });
    const clients = [world.a.admin, world.a.areaAdmin, world.a.staff, world.b.admin].map((s) => connectStaff(instance.url, s.token));
    sockets.push(...clients);
    await Promise.all(clients.map(loggedIn));
    const seen = clients.map((c) => record(c, [RealtimeEvent.abnormalHandle]));

    const res = await instance.app.inject({
      method: 'POST',
      url: '/api/handle/abnormal',
      headers: { authorization: `Bearer ${world.a.staff.token}` },
      payload: { abnormal_id: row.id, content: 'Went to the room' },
    });
    expect(res.statusCode).toBe(200);

    // Org admin, the area's admin and the staff member who handled it; not the other organisation.
    await until(() => seen[0].length === 1 && seen[1].length === 1 && seen[2].length === 1);
    await wait(100);
    expect(seen[3]).toHaveLength(0);
    expect(seen[0][0].payload as RealtimeAbnormal).toMatchObject({ id: row.id, is_handle: true, handle: { content: 'Went to the room' } });
  });
});
