import { beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  OrgType,
  Role,
  ValidationMessage,
  careDietRow,
  careReportRow,
  careStethoscopeRow,
  careSymptomRow,
  dataEnvelope,
  defaultApiGroup,
  defaultSidebar,
  medicalRecordRow,
  nowUnix,
  opdRow,
} from '@vigil/contracts';
import { devices, members, readings } from '../../../db/schema/index.ts';
import { createArea, createOrg, createStaff, createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';
import { samples, storedIn, upload as uploadTo, wav } from '../../../../test/uploads.ts';

const t = useTestApp();
let world: World;
let memberA: number;
let memberB: number;
const tokens = { staffA: '', adminA: '', adminB: '', doctor: '' };

const { PNG, PDF, PHP, SVG } = samples;
const upload = (folder: string, token: string, bytes: Buffer, filename: string, type?: string) => uploadTo(t.app, folder, token, bytes, filename, type);
const stored = (folder: string) => storedIn(t.app, folder);

beforeAll(async () => {
  world = await createWorld(t.db);
  const member = async (orgId: number, areaId: number, name: string) =>
    (await t.db.insert(members).values({ orgId, areaId, name }).returning({ id: members.id }))[0].id;
  memberA = await member(world.orgs.careA, world.areas.areaA1, 'T Care II A');
  memberB = await member(world.orgs.careB, world.areas.areaB1, 'T Care II B');
  const clinic = await createOrg(t.db, 'T Clinic', OrgType.clinic);
  const clinicArea = await createArea(t.db, clinic, 'T Clinic room');
  await createStaff(t.db, { account: 'tclinicdoc', orgId: clinic, role: Role.clinicDoctor, areaId: clinicArea });
  tokens.staffA = await login(t.app, 'tstaffa');
  tokens.adminA = await login(t.app, 'tadmina');
  tokens.adminB = await login(t.app, 'tadminb');
  tokens.doctor = await login(t.app, 'tclinicdoc');
});

describe('care records II: records', () => {
  it('stores each kind for a member and lists it back in its row shape', async () => {
    const now = nowUnix() - 120;
    const audio = (await upload('stethoscope', tokens.staffA, wav(), 'heart.wav', 'audio/wav')).json().data.name as string;
    expect(audio).toMatch(/^[a-f0-9]{32}\.wav$/);
    const report = (await upload('report', tokens.staffA, PDF, 'lab.pdf', 'application/pdf')).json().data.name as string;
    expect(report).toMatch(/\.pdf$/);
    const cases = [
      ['/care/diet', careDietRow, { member_id: memberA, meal: 1, meal_at: now, texture: 1, served: 'Congee and fish', eaten: 1, fluid_ml: 150, appetite: 2 }],
      ['/care/stethoscope', careStethoscopeRow, { member_id: memberA, recorded_at: now, mode: 1, organ: 0, position: 72, audio }],
      ['/care/report', careReportRow, { member_id: memberA, type: 0, title: 'Blood test', report_date: now, files: [report] }],
      ['/medical/records', medicalRecordRow, { member_id: memberA, diagnosis: 'Hypertension', icd_code: 'I10', hospital: 'T Hospital', department: 5, diagnosed_at: now }],
      ['/opd', opdRow, { member_id: memberA, type: 1, period: 0, department: 5, doctor: 'Dr Lin', visit_date: now }],
    ] as const;
    for (const [path, row, body] of cases) {
      const res = await api(t.app, tokens.staffA).post(path, body);
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
      dataEnvelope(row).parse(res.json());
      expect(res.json().data.member_name).toBe('T Care II A');
    }
    // A meal a quarter eaten with a poor appetite is due for follow-up; a video visit is booked.
    const diet = (await api(t.app, tokens.staffA).get('/handle/diet', { user_id: memberA })).json().data.list;
    expect(diet).toEqual([expect.objectContaining({ title: 'Congee and fish', state: 0 })]);
    const opd = (await api(t.app, tokens.staffA).get('/opd', { user_id: memberA })).json().data.list;
    expect(opd[0]).toMatchObject({ type: 1, status: 0, doctor: 'Dr Lin' });
    const record = (await api(t.app, tokens.staffA).get('/handle/medical-record', { user_id: memberA })).json().data.list[0];
    const handled = await api(t.app, tokens.staffA).post('/handle/medical-record', { record_id: record.record_id, content: 'Reconciled with packages' });
    expect(handled.json().data).toMatchObject({ content: 'Reconciled with packages', state: 1 });
  });

  it('refuses an inconsistent body map with -5 on the field', async () => {
    const base = { member_id: memberA, assessed_at: nowUnix() - 60, tool: 0 };
    const site = { view: 0, main_part: 3, small_part: 17, finding: 0, pain_type: 6, intensity: 4, worst: true };
    // Small part 40 (left shoulder) is not part of the chest.
    let res = await api(t.app, tokens.staffA).post('/care/symptom', { ...base, sites: [{ ...site, small_part: 40 }] });
    expect(res.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'sites.0.small_part', message: ValidationMessage.invalidOption }] });
    res = await api(t.app, tokens.staffA).post('/care/symptom', { ...base, sites: [{ ...site, pain_type: null }] });
    expect(res.json().errors).toEqual([{ field: 'sites.0.pain_type', message: ValidationMessage.required }]);
    // A pressure injury needs an NPIAP stage, not a wound category.
    res = await api(t.app, tokens.staffA).post('/care/symptom', {
      ...base,
      sites: [{ view: 1, main_part: 6, small_part: 35, finding: 2, category: 6 }],
    });
    expect(res.json().errors).toEqual([{ field: 'sites.0.category', message: ValidationMessage.invalidOption }]);
    // PAINAD: the score is the five items' sum.
    res = await api(t.app, tokens.staffA).post('/care/symptom', {
      ...base,
      tool: 1,
      painad: { breathing: 1, vocalization: 1, facial: 0, body_language: 1, consolability: 0 },
      sites: [{ ...site, intensity: null }],
    });
    expect(dataEnvelope(careSymptomRow).parse(res.json()).data).toMatchObject({ score: 3, state: 1 });
    res = await api(t.app, tokens.staffA).post('/care/stethoscope', {
      member_id: memberA,
      recorded_at: nowUnix(),
      mode: 0,
      organ: 0,
      position: 95,
      audio: 'a'.repeat(32) + '.wav',
    });
    expect(res.json().errors).toEqual([{ field: 'position', message: ValidationMessage.invalidOption }]);
  });

  it('handles an ECG reading of a member in scope, -7 for another organisation', async () => {
    const [device] = await t.db.insert(devices).values({ orgId: world.orgs.careA, type: 0, serial: 'T-ECG-1' }).returning({ id: devices.id });
    const [reading] = await t.db
      .insert(readings)
      .values({
        orgId: world.orgs.careA,
        areaId: world.areas.areaA1,
        memberId: memberA,
        deviceId: device.id,
        source: 0,
        kind: 6,
        occurTime: new Date(),
        value: 118,
        value2: 1,
        data: { findings: ['Atrial fibrillation'] },
      })
      .returning({ id: readings.id });
    const due = (await api(t.app, tokens.staffA).get('/handle/ecg', { user_id: memberA })).json().data.list;
    expect(due).toEqual([expect.objectContaining({ id: reading.id, title: 'Atrial fibrillation', status: 1, state: 0 })]);
    expect((await api(t.app, tokens.adminB).post('/handle/ecg', { record_id: reading.id, content: 'Read' })).json().code).toBe(ErrorCode.notFound);
    const res = await api(t.app, tokens.staffA).post('/handle/ecg', { record_id: reading.id, content: 'Doctor informed' });
    expect(res.json().data.content).toBe('Doctor informed');
    expect((await api(t.app, tokens.staffA).get('/handle/ecg', { user_id: memberA })).json().data.list[0].state).toBe(1);
  });
});

describe('care records II: files', () => {
  it('refuses a PHP file named .png, an SVG with script and an oversized file with -5, storing nothing', async () => {
    for (const folder of ['symptiom', 'diet', 'report', 'ecg']) {
      const before = (await stored(folder)).length;
      expect((await upload(folder, tokens.staffA, PHP, 'photo.png')).json(), folder).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'file' }] });
      expect((await upload(folder, tokens.staffA, SVG, 'chart.svg', 'image/svg+xml')).json(), folder).toMatchObject({
        code: ErrorCode.validationFailed,
        errors: [{ field: 'file', message: ValidationMessage.invalidInput }],
      });
      const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
      expect((await upload(folder, tokens.staffA, big, 'big.png')).json(), folder).toMatchObject({
        code: ErrorCode.validationFailed,
        errors: [{ field: 'file', message: ValidationMessage.uploadSize }],
      });
      expect(await stored(folder)).toHaveLength(before);
    }
    // A stethoscope upload is audio by its bytes: an image or a renamed script is refused.
    const before = (await stored('stethoscope')).length;
    expect((await upload('stethoscope', tokens.staffA, PNG, 'heart.wav', 'audio/wav')).json().code).toBe(ErrorCode.validationFailed);
    expect((await upload('stethoscope', tokens.staffA, PHP, 'heart.mp3', 'audio/mpeg')).json().code).toBe(ErrorCode.validationFailed);
    expect(await stored('stethoscope')).toHaveLength(before);
  });

  it('serves a report to its organisation with its type, and -7 to another organisation or a traversal', async () => {
    const name = (await upload('report', tokens.staffA, PDF, 'report.pdf', 'application/pdf')).json().data.name as string;
    const created = await api(t.app, tokens.staffA).post('/care/report', { member_id: memberA, type: 2, title: 'Check-up', report_date: nowUnix(), files: [name] });
    const id = created.json().data.id as number;
    const own = await api(t.app, tokens.staffA).get(`/file/report/${name}`, { record_id: id });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect((await api(t.app, tokens.adminB).get(`/file/report/${name}`, { record_id: id })).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, tokens.adminB).get(`/file/report/${name}`)).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, tokens.staffA).get(`/file/report/..%2F..%2Fsecret.pdf`)).json().code).toBe(ErrorCode.notFound);
    // Another organisation's member cannot be given the file either.
    expect((await api(t.app, tokens.adminB).post('/care/report', { member_id: memberA, type: 2, title: 'X', report_date: nowUnix(), files: [name] })).json().code).toBe(
      ErrorCode.notFound,
    );
    expect(memberB).toBeGreaterThan(0);
  });
});

describe('care records II: hospital and clinic doctors', () => {
  it('list opd and medical-record in their sidebars and may read and write them', async () => {
    for (const role of [Role.hospitalDoctor, Role.clinicDoctor]) {
      const pages = defaultSidebar(role).flatMap((item) => [item.path, ...item.lower.map((l) => l.path)]);
      expect(pages).toEqual(expect.arrayContaining(['/opd', '/medical-record', '/symptom-manage', '/stethoscope']));
      const pairs = defaultApiGroup(role).map((p) => `${p.method} ${p.route}`);
      expect(pairs).toEqual(expect.arrayContaining(['GET /opd', 'POST /opd', 'GET /medical/records', 'POST /handle/medical-record', 'GET /file/stethoscope/{id}']));
    }
    expect((await api(t.app, tokens.doctor).get('/opd')).statusCode).toBe(200);
    expect((await api(t.app, tokens.doctor).get('/medical/records')).statusCode).toBe(200);
  });
});
