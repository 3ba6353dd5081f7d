import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, MedicationFrequency, ValidationMessage, nowUnix } from '@vigil/contracts';
import { members } from '../../../db/schema/index.ts';
import { createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';
import { samples, storedIn, upload as uploadTo } from '../../../../test/uploads.ts';

const t = useTestApp();
let world: World;
const tokens = { staffA: '', adminA: '', adminB: '' };

const { PNG, PHP } = samples;
const upload = (token: string, bytes: Buffer, filename: string) => uploadTo(t.app, 'package-medicine', token, bytes, filename);
const stored = () => storedIn(t.app, 'package-medicine');

beforeAll(async () => {
  world = await createWorld(t.db);
  tokens.staffA = await login(t.app, 'tstaffa');
  tokens.adminA = await login(t.app, 'tadmina');
  tokens.adminB = await login(t.app, 'tadminb');
});

describe('/file/package-medicine', () => {
  it('stores a photo under a random name and serves it to those who may read its package', async () => {
    const res = await upload(tokens.staffA, PNG, 'bag.png');
    const name: string = res.json().data.name;
    expect(name).toMatch(/^[a-f0-9]{32}\.png$/);
    const [member] = await t.db.insert(members).values({ orgId: world.orgs.careA, areaId: world.areas.areaA1, name: 'T Photo' }).returning({ id: members.id });
    const medicine = (
      await api(t.app, tokens.adminA).post('/medicine', { name: 'T Aspirin', form: 0, unit: 'tablet', medication_type: 0, controlled_level: 0, time_critical: false })
    ).json().data.id;
    const pkg = await api(t.app, tokens.staffA).post('/care/package', {
      member_id: member.id,
      medicine_id: medicine,
      medication_type: 0,
      prescription_type: 1,
      frequency: MedicationFrequency.qd,
      dose: 1,
      route: 0,
      daily_times: [480],
      start_date: nowUnix(),
      photos: [name],
    });
    const recordId = pkg.json().data.id;
    const own = await api(t.app, tokens.staffA).get(`/file/package-medicine/${name}`, { record_id: recordId });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect((await api(t.app, tokens.adminB).get(`/file/package-medicine/${name}`)).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, tokens.staffA).get(`/file/package-medicine/${name}`, { record_id: recordId + 1 })).json().code).toBe(ErrorCode.notFound);
  });

  it('refuses a PHP file named .png and a file over the limit with -5, storing nothing', async () => {
    const before = (await stored()).length;
    expect((await upload(tokens.staffA, PHP, 'photo.png')).json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'file' }] });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(tokens.staffA, big, 'big.png')).json()).toMatchObject({
      code: ErrorCode.validationFailed,
      errors: [{ field: 'file', message: ValidationMessage.uploadSize }],
    });
    expect((await stored()).length).toBe(before);
  });

  it('never opens a name it could not have written', async () => {
    const res = await api(t.app, tokens.staffA).get('/file/package-medicine/..%2F..%2Fetc%2Fpasswd');
    expect(res.json().code).toBe(ErrorCode.notFound);
  });
});
