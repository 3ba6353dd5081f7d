import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, ValidationMessage, dataEnvelope, paginated, toUnix, workLogRow, type WorkLogCreate } from '@vigil/contracts';
import { members } from '../../../db/schema/index.ts';
import { Role } from '@vigil/contracts';
import { createStaff, createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';
import { samples, storedIn, upload } from '../../../../test/uploads.ts';

const t = useTestApp();
let world: World;
let memberA1: number;
let memberB: number;
const tokens = { staffA: '', adminA: '', areaA1: '', adminB: '' };
const rowShape = dataEnvelope(workLogRow);
const listShape = dataEnvelope(paginated(workLogRow));

// 2026-11-20, the day shift's start day.
const day = toUnix(new Date('2026-11-20T00:00:00Z'));

beforeAll(async () => {
  world = await createWorld(t.db);
  const rows = await t.db
    .insert(members)
    .values([
      { orgId: world.orgs.careA, areaId: world.areas.areaA1, name: 'T Log Resident' },
      { orgId: world.orgs.careB, areaId: world.areas.areaB1, name: 'T Other Resident' },
    ])
    .returning({ id: members.id });
  [memberA1, memberB] = rows.map((r) => r.id);
  tokens.staffA = await login(t.app, 'tstaffa');
  tokens.adminA = await login(t.app, 'tadmina');
  tokens.areaA1 = await login(t.app, 'tareaa1');
  tokens.adminB = await login(t.app, 'tadminb');
});

const log = (over: Partial<WorkLogCreate> = {}): WorkLogCreate => ({
  area_id: world.areas.areaA1,
  shift_date: day,
  shift: 0,
  summary: 'Quiet morning',
  entries: [
    { time: day + 10 * 3600, member_ids: [memberA1], category: 1, content: 'Gave the 10 o clock medicines' },
    { time: day + 8 * 3600, member_ids: [memberA1], category: 0, content: 'Assisted with bathing' },
  ],
  ...over,
});

describe('/work-log', () => {
  it('logs a shift as the caller, entries oldest first with their members named', async () => {
    const res = await api(t.app, tokens.staffA).post('/work-log', log());
    expect(res.statusCode, res.body).toBe(200);
    const row = rowShape.parse(res.json()).data;
    expect(row).toMatchObject({ staff_name: 'Test tstaffa', area_id: world.areas.areaA1, shift: 0, entry_count: 2, shift_date: day });
    expect(row.entries.map((e) => [e.content, e.members.map((m) => m.name)])).toEqual([
      ['Assisted with bathing', ['T Log Resident']],
      ['Gave the 10 o clock medicines', ['T Log Resident']],
    ]);
    const detail = rowShape.parse((await api(t.app, tokens.staffA).get(`/work-log/${row.id}`)).json()).data;
    expect(detail.entries).toEqual(row.entries);
  });

  it('lists by staff, area and date, and keeps other organisations out (-7)', async () => {
    const mine = rowShape.parse((await api(t.app, tokens.staffA).post('/work-log', log({ shift: 1 }))).json()).data;
    const list = listShape.parse((await api(t.app, tokens.adminA).get('/work-log', { user_id: world.accounts.staffA, area_id: world.areas.areaA1, start_date: day, end_date: day, per_page: -1 })).json()).data;
    expect(list.list.map((l) => l.id)).toContain(mine.id);
    const none = listShape.parse((await api(t.app, tokens.adminA).get('/work-log', { start_date: day + 86_400 })).json()).data;
    expect(none.list.map((l) => l.id)).not.toContain(mine.id);
    expect((await api(t.app, tokens.adminB).get(`/work-log/${mine.id}`)).json().code).toBe(ErrorCode.notFound);
  });

  it('answers a special character with -5 on the entry field, and an entry outside the shift likewise', async () => {
    const bad = await api(t.app, tokens.staffA).post('/work-log', log({ entries: [{ time: day + 3600, member_ids: [], category: 6, content: 'Door <left open>' }] }));
    expect(bad.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'entries.0.content' }] });
    const late = await api(t.app, tokens.staffA).post('/work-log', log({ entries: [{ time: day + 3 * 86_400, member_ids: [], category: 6, content: 'Late' }] }));
    expect(late.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'entries.0.time' }] });
  });

  it('refuses a member of another organisation (-7) and another staff member as author unless an admin writes it', async () => {
    const foreign = await api(t.app, tokens.staffA).post('/work-log', log({ entries: [{ time: day + 3600, member_ids: [memberB], category: 0, content: 'Visit' }] }));
    expect(foreign.json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, tokens.staffA).post('/work-log', log({ staff_id: world.accounts.adminA }))).json().code).toBe(ErrorCode.noPermission);
    const forStaff = await api(t.app, tokens.adminA).post('/work-log', log({ staff_id: world.accounts.staffA }));
    expect(rowShape.parse(forStaff.json()).data.staff_id).toBe(world.accounts.staffA);
  });

  it('lets only the author (or an admin) change a log, and keeps every change in the record history', async () => {
    const mine = rowShape.parse((await api(t.app, tokens.staffA).post('/work-log', log({ shift: 2 }))).json()).data;
    await createStaff(t.db, { account: 'tcolleague', orgId: world.orgs.careA, role: Role.orgStaff, areaId: world.areas.areaA1 });
    const colleague = await login(t.app, 'tcolleague');
    expect((await api(t.app, colleague).patch(`/work-log/${mine.id}`, { summary: 'Not mine' })).json().code).toBe(ErrorCode.noPermission);
    expect((await api(t.app, colleague).delete(`/work-log/${mine.id}`)).json().code).toBe(ErrorCode.noPermission);
    expect((await api(t.app, tokens.staffA).patch(`/work-log/${mine.id}`, { summary: 'Busy night' })).statusCode).toBe(200);
    expect((await api(t.app, tokens.areaA1).patch(`/work-log/${mine.id}`, { summary: 'Corrected by the area admin' })).statusCode).toBe(200);
    const history = await api(t.app, tokens.adminA).get('/change/record', { route: '/work-log', record_id: mine.id, per_page: -1 });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.list.map((c: { action: string }) => c.action).sort()).toEqual(['create', 'update', 'update']);
  });
});

describe('/file/work-log', () => {
  it("stores an entry's photo and PDF, and serves them only where the log may be read (-7 elsewhere)", async () => {
    const photo = (await upload(t.app, 'work-log', tokens.staffA, samples.PNG, 'fall.png')).json().data.name as string;
    const pdf = (await upload(t.app, 'work-log', tokens.staffA, samples.PDF, 'incident.pdf', 'application/pdf')).json().data.name as string;
    expect(photo).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(pdf).toMatch(/^[a-f0-9]{32}\.pdf$/);
    const entries: WorkLogCreate['entries'] = [{ time: day + 9 * 3600, member_ids: [memberA1], category: 6, content: 'Found on the floor, no injury', attachments: [photo, pdf] }];
    const created = rowShape.parse((await api(t.app, tokens.staffA).post('/work-log', log({ entries }))).json()).data;
    expect(created.entries[0].attachments).toEqual([photo, pdf]);

    const own = await api(t.app, tokens.staffA).get(`/file/work-log/${photo}`, { record_id: created.id });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(samples.PNG)).toBe(true);
    const asPdf = await api(t.app, tokens.adminA).get(`/file/work-log/${pdf}`, { record_id: created.id });
    expect(asPdf.headers['content-type']).toBe('application/pdf');
    // Another organisation, or a log that does not name the file, is answered as if it did not exist.
    expect((await api(t.app, tokens.adminB).get(`/file/work-log/${photo}`)).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, tokens.staffA).get(`/file/work-log/${photo}`, { record_id: created.id + 1 })).json().code).toBe(ErrorCode.notFound);
    // A file uploaded but named by no log is served to nobody.
    const loose = (await upload(t.app, 'work-log', tokens.staffA, samples.PNG, 'loose.png')).json().data.name as string;
    expect((await api(t.app, tokens.staffA).get(`/file/work-log/${loose}`)).statusCode).toBe(404);
  });

  it('refuses a script named .png, an SVG and an oversized file with -5, storing nothing', async () => {
    const before = (await storedIn(t.app, 'work-log')).length;
    expect((await upload(t.app, 'work-log', tokens.staffA, samples.PHP, 'photo.png')).json()).toMatchObject({
      code: ErrorCode.validationFailed,
      errors: [{ field: 'file', message: ValidationMessage.invalidInput }],
    });
    expect((await upload(t.app, 'work-log', tokens.staffA, samples.SVG, 'chart.svg', 'image/svg+xml')).json().code).toBe(ErrorCode.validationFailed);
    const big = Buffer.concat([samples.PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    expect((await upload(t.app, 'work-log', tokens.staffA, big, 'big.png')).json()).toMatchObject({
      code: ErrorCode.validationFailed,
      errors: [{ field: 'file', message: ValidationMessage.uploadSize }],
    });
    expect(await storedIn(t.app, 'work-log')).toHaveLength(before);
  });
});
