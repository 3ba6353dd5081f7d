import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AbnormalCategory,
  ErrorCode,
  MedicationFrequency,
  Role,
  ScheduleRepeat,
  careFollowUpRow,
  careHealthRow,
  carePackageRow,
  careScheduleRow,
  dataEnvelope,
  fromUnix,
  medicineRow,
  nowUnix,
  paginated,
  toUnix,
} from '@vigil/contracts';
import { abnormalEvents, carePackageDoses, careScheduleOccurrences, members, recordChanges } from '../../../db/schema/index.ts';
import { createStaff, createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';

const t = useTestApp();
let world: World;
let memberA1: number;
let memberA2: number;
let memberB: number;
let medicineA: number;
let medicineB: number;
const tokens = { adminA: '', staffA: '', areaA1: '', adminB: '', guardA: '' };

beforeAll(async () => {
  world = await createWorld(t.db);
  const member = async (orgId: number, areaId: number | null, name: string) =>
    (await t.db.insert(members).values({ orgId, areaId, name }).returning({ id: members.id }))[0].id;
  memberA1 = await member(world.orgs.careA, world.areas.areaA1, 'T Resident A1');
  memberA2 = await member(world.orgs.careA, world.areas.areaA2, 'T Resident A2');
  memberB = await member(world.orgs.careB, world.areas.areaB1, 'T Resident B');
  await createStaff(t.db, { account: 'tguarda', orgId: world.orgs.careA, role: Role.orgGuard });
  tokens.adminA = await login(t.app, 'tadmina');
  tokens.staffA = await login(t.app, 'tstaffa');
  tokens.areaA1 = await login(t.app, 'tareaa1');
  tokens.adminB = await login(t.app, 'tadminb');
  tokens.guardA = await login(t.app, 'tguarda');
  const medicine = { form: 0, unit: 'tablet', medication_type: 0, controlled_level: 0, time_critical: false };
  medicineA = (await api(t.app, tokens.adminA).post('/medicine', { ...medicine, name: 'T Amlodipine' })).json().data.id;
  medicineB = (await api(t.app, tokens.adminB).post('/medicine', { ...medicine, name: 'T Metformin' })).json().data.id;
});

const day = 86_400;
const today = () => Math.floor(nowUnix() / day) * day;

/** One valid create body per resource, for a member of care A. */
const bodies = () => ({
  '/care/health': {
    member_id: memberA1,
    type: 1,
    educate_at: nowUnix() - 3600,
    topic: 'T Fall prevention',
    content: 'Stand up slowly',
    recipient: 3,
    method: 1,
    understanding: 1,
    educator_id: world.accounts.staffA,
  },
  '/care/follow-up': {
    member_id: memberA1,
    hospital: 'T General Hospital',
    department: 2,
    appointment_at: nowUnix() + 3 * day,
    reason: 'Blood pressure follow-up',
    transport: 1,
    companion: 1,
  },
  '/care/schedule': {
    member_id: memberA1,
    service: 0,
    title: 'T Assisted shower',
    start_date: today(),
    time_of_day: 600,
    duration_minutes: 30,
    repeat: ScheduleRepeat.weekly,
    weekdays: [1, 4],
  },
  '/care/package': {
    member_id: memberA1,
    medicine_id: medicineA,
    medication_type: 0,
    prescription_type: 1,
    frequency: MedicationFrequency.bid,
    dose: 1,
    route: 0,
    daily_times: [480, 1200],
    start_date: today(),
  },
});
type Path = keyof ReturnType<typeof bodies>;
const rows = { '/care/health': careHealthRow, '/care/follow-up': careFollowUpRow, '/care/schedule': careScheduleRow, '/care/package': carePackageRow };
const textField: Record<Path, string> = {
  '/care/health': 'topic',
  '/care/follow-up': 'reason',
  '/care/schedule': 'title',
  '/care/package': 'prescriber',
};

describe.each(Object.keys(rows) as Path[])('%s', (path) => {
  let id: number;
  beforeAll(async () => {
    const res = await api(t.app, tokens.staffA).post(path, bodies()[path]);
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().data.id;
  });

  it('lists in the SPEC envelope with the member and area, for staff of the organisation', async () => {
    const res = await api(t.app, tokens.staffA).get(path, { page: 1, per_page: 15, user_id: memberA1 });
    const data = dataEnvelope(paginated(rows[path] as typeof careHealthRow)).parse(res.json()).data;
    expect(data).toMatchObject({ current_page: 1, per_page: 15, total: 1 });
    expect(data.list[0]).toMatchObject({ id, member_id: memberA1, member_name: 'T Resident A1', org_id: world.orgs.careA, area_id: world.areas.areaA1 });
  });

  it('refuses a special character with -5 naming the field', async () => {
    const res = await api(t.app, tokens.staffA).post(path, { ...bodies()[path], [textField[path]]: 'a (b)' });
    expect(res.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: textField[path] }] });
  });

  it("answers -7 for another organisation's record, and for a member outside the caller's scope", async () => {
    expect((await api(t.app, tokens.adminB).get(`${path}/${id}`)).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, tokens.adminB).patch(`${path}/${id}`, { remark: 'x' })).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, tokens.adminA).post(path, { ...bodies()[path], member_id: memberB })).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, tokens.areaA1).post(path, { ...bodies()[path], member_id: memberA2 })).json().code).toBe(ErrorCode.notFound);
  });

  it('answers -3 to a role without the pair (an organisation guard)', async () => {
    expect((await api(t.app, tokens.guardA).get(path)).json().code).toBe(ErrorCode.noPermission);
  });

  it('keeps every change in the record history, under the member', async () => {
    await api(t.app, tokens.staffA).patch(`${path}/${id}`, { remark: 'T checked' });
    const history = await t.db.select().from(recordChanges).where(eq(recordChanges.recordId, id));
    const own = history.filter((h) => h.resource === path);
    expect(own.map((h) => h.action)).toEqual(['create', 'update']);
    expect(own.every((h) => h.memberId === memberA1)).toBe(true);
  });
});

describe('from an alert', () => {
  it('links an education and a follow-up visit to the alert about their member, shown on the record', async () => {
    const alert = async (memberId: number) =>
      (
        await t.db
          .insert(abnormalEvents)
          .values({ orgId: world.orgs.careA, areaId: world.areas.areaA1, memberId, type: 13, category: AbnormalCategory.fall, occurTime: fromUnix(nowUnix() - 600) })
          .returning({ id: abnormalEvents.id })
      )[0].id;
    const own = await alert(memberA1);
    for (const path of ['/care/health', '/care/follow-up'] as const) {
      const res = await api(t.app, tokens.staffA).post(path, { ...bodies()[path], abnormal_id: own });
      expect(res.statusCode, res.body).toBe(200);
      const detail = (await api(t.app, tokens.staffA).get(`${path}/${res.json().data.id}`)).json().data;
      expect(detail).toMatchObject({ member_id: memberA1, abnormal_id: own });
    }
  });

  it("refuses an alert about another member with -5 on abnormal_id", async () => {
    const [other] = await t.db
      .insert(abnormalEvents)
      .values({ orgId: world.orgs.careA, areaId: world.areas.areaA2, memberId: memberA2, type: 13, category: AbnormalCategory.fall, occurTime: fromUnix(nowUnix() - 600) })
      .returning({ id: abnormalEvents.id });
    const res = await api(t.app, tokens.staffA).post('/care/health', { ...bodies()['/care/health'], abnormal_id: other.id });
    expect(res.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'abnormal_id' }] });
  });
});

describe('/care/health educator', () => {
  it('is the caller when the body names none, and the named staff member otherwise', async () => {
    const { educator_id: _named, ...body } = bodies()['/care/health'];
    const res = await api(t.app, tokens.adminA).post('/care/health', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ educator_id: world.accounts.adminA });
    const named = await api(t.app, tokens.adminA).post('/care/health', bodies()['/care/health']);
    expect(named.json().data).toMatchObject({ educator_id: world.accounts.staffA });
  });
});

describe('/medicine', () => {
  it("is each organisation's own catalogue", async () => {
    const list = dataEnvelope(paginated(medicineRow)).parse((await api(t.app, tokens.staffA).get('/medicine')).json()).data;
    expect(list.list.map((m) => m.name)).toEqual(['T Amlodipine']);
  });

  it("refuses another organisation's medicine in a package with -5 on medicine_id", async () => {
    const res = await api(t.app, tokens.staffA).post('/care/package', { ...bodies()['/care/package'], medicine_id: medicineB });
    expect(res.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'medicine_id' }] });
  });
});

describe('expansion', () => {
  it("stores a package's doses ahead, none before it was created", async () => {
    const res = await api(t.app, tokens.staffA).post('/care/package', { ...bodies()['/care/package'], daily_times: [0, 1439] });
    const doses = await t.db.select().from(carePackageDoses).where(eq(carePackageDoses.packageId, res.json().data.id));
    expect(doses.length).toBeGreaterThanOrEqual(3);
    expect(doses.every((d) => toUnix(d.scheduledAt!) > nowUnix() - 60)).toBe(true);
  });

  it('re-plans the open occurrences of a schedule when its rule changes', async () => {
    const res = await api(t.app, tokens.staffA).post('/care/schedule', { ...bodies()['/care/schedule'], repeat: ScheduleRepeat.daily, weekdays: [] });
    const id = res.json().data.id;
    const count = async () => (await t.db.select().from(careScheduleOccurrences).where(eq(careScheduleOccurrences.scheduleId, id))).length;
    expect(await count()).toBeGreaterThanOrEqual(13);
    const weekly = await api(t.app, tokens.staffA).patch(`/care/schedule/${id}`, { repeat: ScheduleRepeat.weekly, weekdays: [3] });
    expect(weekly.statusCode).toBe(200);
    expect(await count()).toBeLessThanOrEqual(3);
  });

  it('checks a partial update against the stored regimen (-5)', async () => {
    const created = await api(t.app, tokens.staffA).post('/care/package', bodies()['/care/package']);
    const res = await api(t.app, tokens.staffA).patch(`/care/package/${created.json().data.id}`, { frequency: MedicationFrequency.tid });
    expect(res.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'daily_times' }] });
  });
});

describe('a column added to a care kind', () => {
  // The follow-up visit's companion_phone was added in the contracts schema and the table only
  // (docs/architecture.md "Adding a column"): it must reach every read, every write and the history.
  it('reaches the list, the detail, a change and the record history', async () => {
    const created = await api(t.app, tokens.staffA).post('/care/follow-up', { ...bodies()['/care/follow-up'], companion_phone: '0912-345-678' });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().data;
    const listed = (await api(t.app, tokens.staffA).get('/care/follow-up', { user_id: memberA1, per_page: -1 })).json().data.list;
    expect(listed.find((r: { id: number }) => r.id === id)).toMatchObject({ companion_phone: '0912-345-678' });

    const changed = await api(t.app, tokens.staffA).patch(`/care/follow-up/${id}`, { companion_phone: null });
    expect(changed.json().data).toMatchObject({ id, companion_phone: null });
    expect((await api(t.app, tokens.staffA).get(`/care/follow-up/${id}`)).json().data.companion_phone).toBeNull();

    const history = await t.db.select().from(recordChanges).where(eq(recordChanges.recordId, id));
    const own = history.filter((h) => h.resource === '/care/follow-up');
    expect(own.map((h) => [h.action, (h.before as { companion_phone?: string } | null)?.companion_phone ?? null, (h.after as { companion_phone?: string }).companion_phone])).toEqual([
      ['create', null, '0912-345-678'],
      ['update', '0912-345-678', null],
    ]);
  });

  it('is validated by its contract: a phone longer than its column is -5 naming it', async () => {
    const res = await api(t.app, tokens.staffA).post('/care/follow-up', { ...bodies()['/care/follow-up'], companion_phone: '0'.repeat(31) });
    expect(res.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'companion_phone' }] });
  });
});
