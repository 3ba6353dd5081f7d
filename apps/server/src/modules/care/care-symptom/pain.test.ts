import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Socket as ClientSocket } from 'socket.io-client';
import { AbnormalType, BodyMainPart, BodySmallPart, BodyView, PainTool, PainType, RealtimeEvent, SymptomFinding, nowUnix, type AbnormalPayload } from '@vigil/contracts';
import type { Database } from '../../../db/client.ts';
import { abnormalEvents, members } from '../../../db/schema/index.ts';
import { connectStaff, loggedIn, openTestDatabase, record, seedWorld, startInstance, until, type Instance, type World } from '../../../../test/realtime.ts';
import { raisePainAlerts } from './pain.ts';

/** SPEC §9's pain alert: a score above 3 raises one alert that reaches the staff on shift; 3 raises none. */
let database: Database;
let instance: Instance;
let world: World;
let socket: ClientSocket;
let mild: number;
let severe: number;

const post = (token: string, body: unknown) =>
  fetch(`${instance.url}/api/care/symptom`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, json: (await res.json()) as { code?: number; data?: { id: number; score: number; reassess_at: number | null; state: number; abnormal_id: number | null } } }));

const assessment = (memberId: number, intensity: number) => ({
  member_id: memberId,
  assessed_at: nowUnix() - 60,
  tool: PainTool.numeric,
  sites: [
    {
      view: BodyView.back,
      main_part: BodyMainPart.lowerBack,
      small_part: BodySmallPart.lumbarSpine,
      finding: SymptomFinding.pain,
      pain_type: PainType.sharp,
      intensity,
      worst: true,
    },
  ],
});

beforeAll(async () => {
  database = await openTestDatabase();
  world = await seedWorld(database, 'Pain');
  const member = async (name: string) =>
    (await database.db.insert(members).values({ orgId: world.a.orgId, areaId: world.a.areaIds[1], name }).returning({ id: members.id }))[0].id;
  mild = await member('Pain Mild');
  severe = await member('Pain Severe');
  instance = await startInstance(database);
  socket = connectStaff(instance.url, world.a.staff.token);
  await loggedIn(socket);
});

afterAll(async () => {
  socket?.disconnect();
  await instance?.close();
  await database?.close();
});

const painEvents = (memberId: number) =>
  database.db
    .select({ id: abnormalEvents.id })
    .from(abnormalEvents)
    .where(and(eq(abnormalEvents.memberId, memberId), eq(abnormalEvents.type, AbnormalType.painAboveThreshold)));

describe('POST /care/symptom pain alert', () => {
  it('a score of 3 is stored with no alert and no reassessment; 5 raises exactly one alert on the staff socket', async () => {
    const events = record(socket, [RealtimeEvent.abnormal]);
    // The mild assessment is saved first: when the severe one's alert has arrived, any alert of the mild one would have too.
    const three = await post(world.a.staff.token, assessment(mild, 3));
    expect(three.status).toBe(200);
    expect(three.json.data).toMatchObject({ score: 3, reassess_at: null, state: 1, abnormal_id: null });

    const five = await post(world.a.staff.token, assessment(severe, 5));
    expect(five.status).toBe(200);
    expect(five.json.data?.score).toBe(5);
    expect(five.json.data?.state).toBe(0);
    // The reassessment is due within the hour of the assessment.
    expect(five.json.data!.reassess_at! - (nowUnix() - 60)).toBeLessThanOrEqual(3600);

    await until(() => events.some((e) => (e.payload as AbnormalPayload).type === AbnormalType.painAboveThreshold));
    // The sweep running again (another instance, the next tick) raises nothing more.
    await raisePainAlerts(database.db, instance.app.alerts, new Date());
    const pain = events.map((e) => e.payload as AbnormalPayload).filter((p) => p.type === AbnormalType.painAboveThreshold);
    expect(pain).toHaveLength(1);
    expect(pain[0].source.user).toMatchObject({ id: severe, name: 'Pain Severe' });
    expect(await painEvents(severe)).toHaveLength(1);
    expect(await painEvents(mild)).toHaveLength(0);

    // The assessment links to the alert it raised, and the reassessment is on the handle list.
    const detail = await fetch(`${instance.url}/api/care/symptom/${five.json.data!.id}`, { headers: { authorization: `Bearer ${world.a.staff.token}` } });
    expect(((await detail.json()) as { data: { abnormal_id: number } }).data.abnormal_id).toBe((await painEvents(severe))[0].id);
    const due = await fetch(`${instance.url}/api/handle/symptiom?user_id=${severe}`, { headers: { authorization: `Bearer ${world.a.staff.token}` } });
    expect(((await due.json()) as { data: { list: { record_id: number; title: string; state: number }[] } }).data.list).toEqual([
      expect.objectContaining({ record_id: five.json.data!.id, title: '5/10', state: 0 }),
    ]);
  });
});
