import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { careDueRow, careFollowUpRow, careHealthRow, carePackageRow, careScheduleRow, dataEnvelope, medicineRow, paginated } from '@vigil/contracts';
import { seedDemo } from '../../../demo/seed.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';

const t = useTestApp();
const DEMO_PASSWORD = 'Demo1234';

beforeAll(async () => {
  await seedDemo(t.db);
}, 120_000);

const lists = {
  '/care/health': careHealthRow,
  '/care/follow-up': careFollowUpRow,
  '/care/schedule': careScheduleRow,
  '/care/package': carePackageRow,
  '/medicine': medicineRow,
} as const;

describe('the demo care records', () => {
  it.each(Object.keys(lists) as (keyof typeof lists)[])('%s lists demo records to orgstaff in the SPEC envelope', async (path) => {
    const token = await login(t.app, 'orgstaff', DEMO_PASSWORD);
    const res = await api(t.app, token).get(path, { page: 1, per_page: 15 });
    expect(res.statusCode, res.body).toBe(200);
    const data = dataEnvelope(paginated(lists[path] as z.ZodType<{ id: number }>)).parse(res.json()).data;
    expect(data).toMatchObject({ current_page: 1, per_page: 15 });
    expect(data.total).toBeGreaterThan(0);
    expect(data.list.length).toBe(Math.min(15, data.total));
  });
});

/**
 * Every call the care pages make on opening (the list, its handle page's due list, the pickers'
 * members, staff and medicines) answers each care role without a failure, so each sidebar entry
 * loads (issue 12: default API groups with least privilege).
 */
const pageCalls: Record<string, { path: string; query?: Record<string, string | number> }[]> = {
  educate: [{ path: '/care/health' }, { path: '/handle/health' }, { path: '/staff', query: { per_page: -1, enable: 1 } }],
  reconsultation: [{ path: '/care/follow-up' }, { path: '/handle/follow' }],
  'service-schedule': [{ path: '/care/schedule' }, { path: '/handle/schedule' }, { path: '/staff', query: { per_page: -1, enable: 1 } }],
  'package-record': [{ path: '/care/package' }, { path: '/handle/package-medicine' }, { path: '/medicine', query: { per_page: -1, enable: 1 } }],
};

describe('the care pages for each care role', () => {
  it.each(['orgstaff', 'orgarea', 'aide', 'orgadmin', 'hospdoctor', 'clinicdoctor'])('%s opens every care page of its sidebar without a failed call', async (account) => {
    const res = await api(t.app).post('/login', { account, password: DEMO_PASSWORD });
    const { access_token: token, sidebar } = res.json().data as { access_token: string; sidebar: { path: string; lower: { path: string }[] }[] };
    const paths = sidebar.flatMap((i) => [i.path, ...i.lower.map((l) => l.path)]);
    for (const page of Object.keys(pageCalls)) {
      expect(paths, `${account} sidebar`).toContain(`/${page}`);
      for (const call of [...pageCalls[page], { path: '/user', query: { per_page: -1 } }]) {
        const answer = await api(t.app, token).get(call.path, call.query);
        expect(answer.statusCode, `${account} ${page}: GET ${call.path} ${answer.body.slice(0, 200)}`).toBe(200);
      }
    }
    const due = await api(t.app, token).get('/handle/package-medicine', { state: 0 });
    dataEnvelope(paginated(careDueRow)).parse(due.json());
  });
});
