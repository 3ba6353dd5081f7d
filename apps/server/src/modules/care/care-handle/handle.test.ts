import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AbnormalType,
  DoseNotGivenReason,
  DoseOutcome,
  ErrorCode,
  MedicationFrequency,
  ScheduleRepeat,
  ValidationMessage,
  careDueRow,
  dataEnvelope,
  fromUnix,
  nowUnix,
  paginated,
} from '@vigil/contracts';
import { abnormalEvents, carePackageDoses, members, recordChanges } from '../../../db/schema/index.ts';
import { createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';
import { raiseLateDoses } from './scheduler.ts';

const t = useTestApp();
let world: World;
const tokens = { staffA: '', adminA: '', adminB: '' };
const medicine = { form: 0, unit: 'tablet', medication_type: 0, time_critical: false };
let plain: number;
let critical: number;
let controlled: number;

beforeAll(async () => {
  world = await createWorld(t.db);
  tokens.staffA = await login(t.app, 'tstaffa');
  tokens.adminA = await login(t.app, 'tadmina');
  tokens.adminB = await login(t.app, 'tadminb');
  const create = async (body: object) => (await api(t.app, tokens.adminA).post('/medicine', { ...medicine, controlled_level: 0, ...body })).json().data.id;
  plain = await create({ name: 'T Amlodipine' });
  critical = await create({ name: 'T Levodopa', time_critical: true });
  controlled = await create({ name: 'T Morphine', controlled_level: 2 });
});

/** A follow-up visit an hour ago, due for its outcome. */
const followUpVisit = (member: number) => ({
  member_id: member,
  hospital: 'T General',
  department: 2,
  appointment_at: nowUnix() - 3600,
  reason: 'Check-up',
  transport: 1,
  companion: 1,
});

async function newMember(name: string): Promise<number> {
  const [m] = await t.db.insert(members).values({ orgId: world.orgs.careA, areaId: world.areas.areaA1, name }).returning({ id: members.id });
  return m.id;
}

/**
 * A package with one daily dose at 08:00 starting in a month (so the doses it expands never meet
 * a test's clock, whatever the hour the suite runs), and one dose of it placed at `at`.
 */
async function packageWithDose(memberId: number, medicineId: number, at: number, extra: object = {}) {
  const res = await api(t.app, tokens.staffA).post('/care/package', {
    member_id: memberId,
    medicine_id: medicineId,
    medication_type: 0,
    prescription_type: 1,
    frequency: MedicationFrequency.qd,
    dose: 1,
    route: 0,
    daily_times: [480],
    start_date: nowUnix() + 30 * 86_400,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  const packageId: number = res.json().data.id;
  const [dose] = await t.db
    .insert(carePackageDoses)
    .values({ packageId, orgId: world.orgs.careA, areaId: world.areas.areaA1, memberId, scheduledAt: fromUnix(at) })
    .returning({ id: carePackageDoses.id });
  return { packageId, doseId: dose.id };
}

const lateEvents = (memberId: number) =>
  t.db
    .select()
    .from(abnormalEvents)
    .where(and(eq(abnormalEvents.memberId, memberId), eq(abnormalEvents.type, AbnormalType.medicationDelay)));

describe('late doses', () => {
  const raise = (minutes: number, at: number) => raiseLateDoses(t.db, t.app.alerts, fromUnix(at + minutes * 60));

  it('alerts a dose still not given at 2:01, not at 1:59, and only once', async () => {
    const member = await newMember('T Late');
    const at = nowUnix() - 86_400;
    await packageWithDose(member, plain, at);
    await raise(119, at);
    expect(await lateEvents(member)).toHaveLength(0);
    await raise(121, at);
    await raise(125, at);
    const events = await lateEvents(member);
    expect(events).toHaveLength(1);
    expect(events[0].detail).toMatchObject({ minute: 121, standard: 120 });
  });

  it('alerts a time-critical dose at 0:31, not at 0:29', async () => {
    const member = await newMember('T Parkinson');
    const at = nowUnix() - 86_400;
    await packageWithDose(member, critical, at);
    await raise(29, at);
    expect(await lateEvents(member)).toHaveLength(0);
    await raise(31, at);
    expect(await lateEvents(member)).toHaveLength(1);
  });

  it('raises one alert when two instances claim at the same moment', async () => {
    const member = await newMember('T Twice');
    const at = nowUnix() - 86_400;
    await packageWithDose(member, plain, at);
    await Promise.all([raise(180, at), raise(180, at)]);
    expect(await lateEvents(member)).toHaveLength(1);
  });

  it('does not alert a dose that was recorded in time', async () => {
    const member = await newMember('T On time');
    const at = nowUnix() - 600;
    const { doseId } = await packageWithDose(member, plain, at);
    await api(t.app, tokens.staffA).post('/handle/package-medicine', { dose_id: doseId, outcome: DoseOutcome.given, content: 'Taken' });
    await raise(180, at);
    expect(await lateEvents(member)).toHaveLength(0);
  });
});

describe('/handle/package-medicine', () => {
  const due = dataEnvelope(paginated(careDueRow));

  it('moves a handled dose to processed and off the open handle list', async () => {
    const member = await newMember('T Handled');
    const at = nowUnix() - 1800;
    const { doseId } = await packageWithDose(member, plain, at);
    const open = async () =>
      due.parse((await api(t.app, tokens.staffA).get('/handle/package-medicine', { state: 0, user_id: member })).json()).data.list.map((r) => r.id);
    expect(await open()).toContain(doseId);
    const res = await api(t.app, tokens.staffA).post('/handle/package-medicine', { dose_id: doseId, outcome: DoseOutcome.given, content: 'Taken with water' });
    expect(res.json().data).toMatchObject({ state: 1, outcome: DoseOutcome.given, amount: 1, staff_name: 'Test tstaffa' });
    expect(await open()).not.toContain(doseId);
    const again = await api(t.app, tokens.staffA).post('/handle/package-medicine', { dose_id: doseId, outcome: DoseOutcome.given, content: 'Twice' });
    expect(again.json().code).toBe(ErrorCode.processError);
  });

  it('records a refused dose with its reason, and reopens a dose whose entry is marked in error', async () => {
    const member = await newMember('T Refused');
    const { doseId } = await packageWithDose(member, plain, nowUnix() - 600);
    const refused = await api(t.app, tokens.staffA).post('/handle/package-medicine', {
      dose_id: doseId,
      outcome: DoseOutcome.notGiven,
      reason: DoseNotGivenReason.refused,
      content: 'Spat it out',
    });
    expect(refused.json().data).toMatchObject({ outcome: DoseOutcome.notGiven, reason: DoseNotGivenReason.refused, given_at: null });
    const marked = await api(t.app, tokens.staffA).patch(`/handle/package-medicine/error/${refused.json().data.id}`, { error_reason: 'Wrong resident' });
    expect(marked.json().data).toMatchObject({ entered_in_error: true, error_reason: 'Wrong resident', error_by_name: 'Test tstaffa' });
    const [dose] = await t.db.select().from(carePackageDoses).where(eq(carePackageDoses.id, doseId));
    expect(dose.state).toBe(0);
    const handles = (await api(t.app, tokens.staffA).get(`/handle/package-medicine/${doseId}`)).json().data;
    expect(handles).toHaveLength(1);
  });

  it('refuses a second PRN dose inside its minimum interval unless an override reason is given', async () => {
    const member = await newMember('T PRN');
    const pkg = await api(t.app, tokens.staffA).post('/care/package', {
      member_id: member,
      medicine_id: plain,
      medication_type: 0,
      prescription_type: 0,
      frequency: MedicationFrequency.prn,
      dose: 1,
      route: 0,
      daily_times: [],
      start_date: nowUnix() - 86_400,
      prn_min_interval_minutes: 240,
      prn_max_per_24h: 3,
    });
    const packageId = pkg.json().data.id;
    const give = (extra: object = {}) =>
      api(t.app, tokens.staffA).post('/handle/package-medicine', { package_id: packageId, outcome: DoseOutcome.given, content: 'For pain', ...extra });
    // One clock reading: a second boundary between two nowUnix() calls failed this on a busy machine.
    const givenAt = nowUnix() - 3600;
    const first = await give({ given_at: givenAt });
    expect(first.json().data.effect_due_at).toBe(givenAt + 3600);
    const second = await give();
    expect(second.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'override_reason', message: ValidationMessage.prnTooSoon }] });
    const overridden = await give({ override_reason: 'Doctor ordered by phone' });
    expect(overridden.json().data.override_reason).toBe('Doctor ordered by phone');
    const effect = await api(t.app, tokens.staffA).patch(`/handle/package-medicine/effect/${first.json().data.id}`, { effect: 0 });
    expect(effect.json().data.effect).toBe(0);
  });

  it('asks a controlled dose for a second signed-in witness and keeps the balance', async () => {
    const member = await newMember('T Controlled');
    const { packageId, doseId } = await packageWithDose(member, controlled, nowUnix() - 600, { dose: 0.5 });
    const stock = (body: object) => api(t.app, tokens.staffA).post(`/care/package/stock/${packageId}`, { kind: 0, quantity: 10, ...body });
    expect((await stock({ witness_account: 'tadmina', witness_password: 'wrong' })).json().errors[0].field).toBe('witness_account');
    expect((await stock({ witness_account: 'tstaffa', witness_password: 'Test1234' })).json().errors[0].field).toBe('witness_account');
    expect((await stock({ witness_account: 'tadmina', witness_password: 'Test1234' })).json().data.balance).toBe(10);
    const give = (extra: object) =>
      api(t.app, tokens.staffA).post('/handle/package-medicine', { dose_id: doseId, outcome: DoseOutcome.given, content: 'Given', ...extra });
    expect((await give({})).json().errors[0].field).toBe('witness_account');
    const given = await give({ witness_account: 'tadmina', witness_password: 'Test1234' });
    expect(given.json().data.witness_name).toBe('Test tadmina');
    const row = (await api(t.app, tokens.staffA).get(`/care/package/${packageId}`)).json().data;
    expect(row.balance).toBe(9.5);
    const waste = await stock({ kind: 2, quantity: 10, witness_account: 'tadmina', witness_password: 'Test1234' });
    expect(waste.json().code).toBe(ErrorCode.processError);
  });

  it("answers -7 for another organisation's dose", async () => {
    const member = await newMember('T Scoped');
    const { doseId } = await packageWithDose(member, plain, nowUnix());
    const res = await api(t.app, tokens.adminB).post('/handle/package-medicine', { dose_id: doseId, outcome: DoseOutcome.given, content: 'x' });
    expect(res.json().code).toBe(ErrorCode.notFound);
  });
});

describe('/handle/health, /handle/follow, /handle/schedule', () => {
  it('handles each kind and lists it as processed', async () => {
    const member = await newMember('T Cared');
    const health = await api(t.app, tokens.staffA).post('/care/health', {
      member_id: member,
      type: 2,
      educate_at: nowUnix() - 86_400,
      topic: 'T Inhaler use',
      content: 'Shake, breathe out, press and breathe in',
      recipient: 0,
      method: 1,
      understanding: 1,
      educator_id: world.accounts.staffA,
    });
    const recordId = health.json().data.id;
    const handled = await api(t.app, tokens.staffA).post('/handle/health', { record_id: recordId, understanding: 0, content: 'Showed it back correctly' });
    expect(handled.statusCode, handled.body).toBe(200);
    expect((await api(t.app, tokens.staffA).get(`/care/health/${recordId}`)).json().data).toMatchObject({ state: 1, understanding: 0 });

    const visit = await api(t.app, tokens.staffA).post('/care/follow-up', followUpVisit(member));
    await api(t.app, tokens.staffA).post('/handle/follow', { record_id: visit.json().data.id, content: 'Blood pressure stable, same medicines' });
    expect((await api(t.app, tokens.staffA).get(`/care/follow-up/${visit.json().data.id}`)).json().data).toMatchObject({
      state: 1,
      result: 'Blood pressure stable, same medicines',
    });

    await api(t.app, tokens.staffA).post('/care/schedule', {
      member_id: member,
      service: 0,
      title: 'T Shower',
      start_date: nowUnix(),
      time_of_day: 1439,
      duration_minutes: 30,
      repeat: ScheduleRepeat.daily,
    });
    const list = (await api(t.app, tokens.staffA).get('/handle/schedule', { user_id: member, state: 0 })).json().data;
    expect(list.total).toBeGreaterThan(0);
    const first = list.list[0];
    expect(first).toMatchObject({ kind: 'schedule', title: 'T Shower', last_handle: null });
    await api(t.app, tokens.staffA).post('/handle/schedule', { occurrence_id: first.id, done: true, content: 'Done' });
    const after = (await api(t.app, tokens.staffA).get('/handle/schedule', { user_id: member, state: 1 })).json().data.list;
    expect(after[0]).toMatchObject({ id: first.id, state: 1, last_handle: { content: 'Done' } });
  });
});

describe('a handle that records an outcome on its record', () => {
  it('keeps it in the record history, as any other write of the record', async () => {
    const member = await newMember('T Outcome');
    const visit = await api(t.app, tokens.staffA).post('/care/follow-up', followUpVisit(member));
    const meal = await api(t.app, tokens.staffA).post('/care/diet', {
      member_id: member,
      meal: 1,
      meal_at: nowUnix() - 3600,
      texture: 1,
      served: 'Congee and fish',
      eaten: 1,
      fluid_ml: 150,
      appetite: 2,
    });
    expect(meal.json().data.state).toBe(0);
    await api(t.app, tokens.staffA).post('/handle/follow', { record_id: visit.json().data.id, content: 'Seen, all well' });
    await api(t.app, tokens.staffA).post('/handle/diet', { record_id: meal.json().data.id, content: 'Offered a supplement' });

    for (const [resource, id] of [
      ['/care/follow-up', visit.json().data.id],
      ['/care/diet', meal.json().data.id],
    ] as const) {
      const history = await t.db.select().from(recordChanges).where(and(eq(recordChanges.resource, resource), eq(recordChanges.recordId, id)));
      expect(history.map((h) => h.action)).toEqual(['create', 'update']);
      expect(history[1]).toMatchObject({ memberId: member, staffId: world.accounts.staffA, after: { state: 1 } });
    }
  });
});
