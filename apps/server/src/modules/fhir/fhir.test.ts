import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Bundle, OperationOutcome, Resource } from '@medplum/fhirtypes';
import { Client } from 'fhir-kit-client';
import { nowUnix } from '@vigil/contracts';
import { readings, members, orgs } from '../../db/schema/index.ts';
import { seedHistory } from '../../demo/history/index.ts';
import { DEMO_PASSWORD } from '../../demo/data.ts';
import { api, login, useTestApp } from '../../../test/helpers.ts';
import { fhirErrors } from '../../../test/fhir-validator.ts';
import { LOINC, observationCodes, observationKinds } from './codes.ts';

const t = useTestApp();
let admin: string;
let manager: string;
let hotel: string;
let careOrg: number;
let watchMember: number;
const weekAgo = nowUnix() - 7 * 86_400;
const isoDate = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

const fhir = (token: string | undefined, path: string) => api(t.app, token).get(`/fhir/R4${path}`);
const bundleOf = async (token: string, path: string): Promise<Bundle> => {
  const res = await fhir(token, path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/fhir+json');
  return res.json() as Bundle;
};
const outcomeOf = async (
  token: string | undefined,
  path: string,
  status: number,
): Promise<OperationOutcome> => {
  const res = await fhir(token, path);
  expect(res.statusCode, res.body).toBe(status);
  const outcome = res.json() as OperationOutcome;
  expect(outcome.resourceType).toBe('OperationOutcome');
  expect(fhirErrors(outcome)).toEqual([]);
  return outcome;
};
const resourcesOf = (bundle: Bundle): Resource[] => (bundle.entry ?? []).map((e) => e.resource!);

beforeAll(async () => {
  await seedHistory(t.db, new Date());
  admin = await login(t.app, 'orgadmin', DEMO_PASSWORD);
  manager = await login(t.app, 'manager', DEMO_PASSWORD);
  hotel = await login(t.app, 'hoteladmin', DEMO_PASSWORD);
  const [care] = await t.db
    .select({ id: orgs.id })
    .from(orgs)
    .innerJoin(members, eq(members.orgId, orgs.id))
    .where(eq(orgs.type, 1))
    .limit(1);
  careOrg = care.id;
  // The member with the most heart rate readings this week: a one-minute watch.
  const [busiest] = await t.db
    .select({ memberId: readings.memberId, n: sql<number>`count(*)::int` })
    .from(readings)
    .where(
      and(
        eq(readings.kind, observationCodes.heartRate.storage),
        eq(readings.orgId, careOrg),
        gte(readings.occurTime, new Date(weekAgo * 1000)),
      ),
    )
    .groupBy(readings.memberId)
    .orderBy(sql`count(*) desc`)
    .limit(1);
  watchMember = busiest.memberId!;
}, 300_000);

describe('FHIR R4: what it emits validates against the R4 definitions', () => {
  it('metadata is a CapabilityStatement listing the served types, open without signing in', async () => {
    const res = await fhir(undefined, '/metadata');
    expect(res.statusCode).toBe(200);
    const statement = res.json();
    expect(fhirErrors(statement)).toEqual([]);
    expect(statement.rest[0].resource.map((r: { type: string }) => r.type)).toEqual([
      'Patient',
      'Observation',
      'Device',
      'Organization',
      'DetectedIssue',
      'Group',
    ]);
  });

  it('an Observation of every demo reading kind, with its LOINC or Vigil code and UCUM unit', async () => {
    const seen: string[] = [];
    const errors: string[] = [];
    for (const kind of observationKinds) {
      const [coding] = observationCodes[kind].coding;
      // The operator level sees every organisation's members: hotels' sleep sensors, hospitals' ECG.
      const bundle = await bundleOf(
        manager,
        `/Observation?code=${encodeURIComponent(`${coding.system}|${coding.code}`)}&_count=20&_sort=-date`,
      );
      const found = resourcesOf(bundle);
      if (found.length) seen.push(kind);
      for (const resource of found) {
        errors.push(...fhirErrors(resource));
        expect(resource).toMatchObject({
          resourceType: 'Observation',
          code: { coding: observationCodes[kind].coding },
        });
      }
    }
    expect(errors).toEqual([]);
    // Every physiological kind of the demo, and breathing rates from its sleep sensors.
    expect(seen.sort()).toEqual([...observationKinds].sort());
  });

  it('blood pressure is the 85354-9 panel with systolic and diastolic components; oxygen saturation carries both LOINC codes', async () => {
    const [bp] = resourcesOf(await bundleOf(admin, `/Observation?code=${LOINC}|85354-9&_count=1`)) as {
      component: { code: { coding: { code: string }[] }; valueQuantity: { code: string } }[];
    }[];
    expect(bp.component.map((c) => c.code.coding[0].code)).toEqual(['8480-6', '8462-4']);
    expect(bp.component[0].valueQuantity.code).toBe('mm[Hg]');
    const [spo2] = resourcesOf(await bundleOf(admin, `/Observation?code=${LOINC}|59408-5&_count=1`)) as {
      code: { coding: { code: string }[] };
    }[];
    expect(spo2.code.coding.map((c) => c.code)).toEqual(['2708-6', '59408-5']);
  });

  it('Patient (TW Core shape), Device, Organization and DetectedIssue validate, searched and read one by one', async () => {
    const errors: string[] = [];
    for (const type of ['Patient', 'Device', 'Organization', 'DetectedIssue']) {
      const found = resourcesOf(await bundleOf(admin, `/${type}?_count=50`));
      expect(found.length, type).toBeGreaterThan(0);
      for (const resource of found) errors.push(...fhirErrors(resource));
      const one = await fhir(admin, `/${type}/${found[0].id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(found[0]);
    }
    expect(errors).toEqual([]);
    const patient = (await fhir(admin, `/Patient/${watchMember}`)).json();
    expect(patient.managingOrganization).toEqual({ reference: `Organization/${careOrg}` });
    expect(
      patient.identifier.some(
        (i: { type: { coding: { code: string }[] } }) => i.type.coding[0].code === 'MR',
      ),
    ).toBe(true);
  });
});

describe('FHIR R4 search', () => {
  it('an off-the-shelf FHIR client pages through a week of heart rate by next links', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new Client({
      baseUrl: `${address}${t.app.config.apiPrefix}/fhir/R4`,
      customHeaders: { Authorization: `Bearer ${admin}` },
    });
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(readings)
      .where(
        and(
          eq(readings.memberId, watchMember),
          eq(readings.kind, observationCodes.heartRate.storage),
          gte(readings.occurTime, new Date(weekAgo * 1000)),
        ),
      );
    expect(n).toBeGreaterThan(5_000);
    let bundle = (await client.search({
      resourceType: 'Observation',
      searchParams: {
        patient: `Patient/${watchMember}`,
        code: `${LOINC}|8867-4`,
        date: `ge${isoDate(weekAgo)}`,
        _count: 1000,
      },
    })) as unknown as Bundle | undefined;
    const ids = new Set<string>();
    let pages = 0;
    let last = '';
    while (bundle) {
      pages += 1;
      for (const resource of resourcesOf(bundle) as { id: string; effectiveDateTime: string }[]) {
        ids.add(resource.id);
        expect(resource.effectiveDateTime >= last).toBe(true);
        last = resource.effectiveDateTime;
      }
      bundle = (await client.nextPage({
        bundle: bundle as unknown as Parameters<typeof client.nextPage>[0]['bundle'],
      })) as unknown as Bundle | undefined;
    }
    expect(ids.size).toBe(n);
    expect(pages).toBe(Math.ceil(n / 1000));
  });

  it('_summary=count answers the total alone; _lastUpdated and _id narrow the search', async () => {
    const counted = await bundleOf(
      admin,
      `/Observation?patient=${watchMember}&code=${LOINC}|8867-4&_summary=count`,
    );
    expect(counted.total).toBeGreaterThan(5_000);
    expect(counted.entry).toBeUndefined();
    const [first] = resourcesOf(await bundleOf(admin, `/Observation?patient=${watchMember}&_count=1`));
    expect(resourcesOf(await bundleOf(admin, `/Observation?_id=${first.id}`)).map((r) => r.id)).toEqual([
      first.id,
    ]);
    expect(
      resourcesOf(await bundleOf(admin, `/Observation?patient=${watchMember}&_lastUpdated=lt2000-01-01`)),
    ).toEqual([]);
  });

  it('refuses bad input with an OperationOutcome and the right status, never a 500', async () => {
    const patient = `patient=${watchMember}`;
    expect(
      (await outcomeOf(admin, `/Observation?${patient}&date=xx2026-01-01`, 400)).issue[0].expression,
    ).toEqual(['date']);
    await outcomeOf(admin, `/Observation?${patient}&date=ge2026-02-30`, 400);
    await outcomeOf(admin, `/Observation?${patient}&date=ge2026-11-20T10:00`, 400);
    await outcomeOf(
      admin,
      `/Observation?code=${encodeURIComponent('http://snomed.info/sct|364075005')}`,
      400,
    );
    await outcomeOf(admin, `/Observation?${patient}&_count=1000000`, 400);
    await outcomeOf(admin, `/Observation?${patient}&colour=red`, 400);
    await outcomeOf(admin, `/Observation?${patient}&_sort=value`, 400);
    await outcomeOf(admin, `/Observation?${patient}&_summary=text`, 400);
    await outcomeOf(admin, `/Observation?patient=Practitioner/1`, 400);
    await outcomeOf(admin, '/Observation/abc', 404);
    await outcomeOf(admin, '/Medication', 404);
    await outcomeOf(undefined, `/Observation?${patient}`, 401);
  });

  it("another organisation's patient is unknown: a search or a read answers 404, and no row of it is ever listed", async () => {
    await outcomeOf(hotel, `/Observation?patient=Patient/${watchMember}`, 404);
    await outcomeOf(hotel, `/Patient/${watchMember}`, 404);
    const [one] = resourcesOf(await bundleOf(admin, `/Observation?patient=${watchMember}&_count=1`));
    await outcomeOf(hotel, `/Observation/${one.id}`, 404);
    const theirs = resourcesOf(await bundleOf(hotel, `/Patient?_count=1000`)) as {
      managingOrganization: { reference: string };
    }[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((p) => p.managingOrganization.reference !== `Organization/${careOrg}`)).toBe(true);
  });

  it('every FHIR read of member data is in the audit trail', async () => {
    await bundleOf(admin, `/Observation?patient=${watchMember}&_count=1`);
    await fhir(admin, `/Patient/${watchMember}`);
    await t.app.audit.flush();
    const res = await api(t.app, admin).get('/audit', {
      user_id: watchMember,
      per_page: 50,
      order: 'desc',
      order_by: 'id',
    });
    const routes = (res.json().data.list as { route: string }[]).map((e) => e.route);
    expect(routes).toContain('/fhir/R4/Observation');
    expect(routes).toContain('/fhir/R4/Patient/{id}');
  });
});

/** The export's manifest, once the export job has written it (the status answers 202 until then). */
async function manifestOf(
  token: string,
  statusUrl: string,
): Promise<{ output: { type: string; url: string; count: number }[]; request: string }> {
  const path = new URL(statusUrl).pathname.slice(t.app.config.apiPrefix.length + '/fhir/R4'.length);
  for (;;) {
    const res = await fhir(token, path);
    if (res.statusCode === 200) return res.json();
    expect(res.statusCode, res.body).toBe(202);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function linesOf(token: string, url: string): Promise<Resource[]> {
  const res = await fhir(
    token,
    new URL(url).pathname.slice(t.app.config.apiPrefix.length + '/fhir/R4'.length),
  );
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/fhir+ndjson');
  return res.body
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Resource);
}

const kickOff = (token: string, path: string) =>
  t.app.inject({
    method: 'GET',
    url: `${t.app.config.apiPrefix}/fhir/R4${path}`,
    headers: { authorization: `Bearer ${token}`, prefer: 'respond-async' },
  });

describe('FHIR bulk export', () => {
  it("the care home's export: NDJSON files whose every line validates, all of the care home", async () => {
    const res = await kickOff(admin, `/Group/org-${careOrg}/$export`);
    expect(res.statusCode, res.body).toBe(202);
    const statusUrl = res.headers['content-location'] as string;
    const manifest = await manifestOf(admin, statusUrl);
    expect(new Set(manifest.output.map((o) => o.type))).toEqual(
      new Set(['Patient', 'Observation', 'Device', 'Organization', 'DetectedIssue']),
    );
    const errors: string[] = [];
    const patients = new Set<string>();
    const subjects = new Set<string>();
    let lines = 0;
    const shapes = new Set<string>();
    for (const file of manifest.output) {
      const resources = await linesOf(admin, file.url);
      expect(resources.length).toBe(file.count);
      lines += resources.length;
      for (const resource of resources) {
        // Every line is covered: lines that differ only in their digits (values, ids, times of the
        // same format) have the same outcome, so the first line of each shape is validated.
        const shape = JSON.stringify(resource, (_key, v: unknown) => (typeof v === 'number' ? 0 : typeof v === 'string' ? v.replace(/\d/g, '0') : v));
        if (!shapes.has(shape) && errors.length < 20) errors.push(...fhirErrors(resource));
        shapes.add(shape);
        if (resource.resourceType === 'Patient') {
          patients.add(`Patient/${resource.id}`);
          expect(resource.managingOrganization?.reference).toBe(`Organization/${careOrg}`);
        }
        if (resource.resourceType === 'Observation') subjects.add(resource.subject!.reference!);
        if (resource.resourceType === 'Organization') expect(resource.id).toBe(String(careOrg));
      }
    }
    expect(errors).toEqual([]);
    expect(lines).toBeGreaterThan(1000);
    console.info(`care home export: ${lines} lines in ${manifest.output.length} files, ${shapes.size} shapes validated`);
    expect([...subjects].every((s) => patients.has(s))).toBe(true);

    // Another organisation's token gets nothing of it: not its status, not its files, not a new export.
    const path = new URL(statusUrl).pathname.slice(t.app.config.apiPrefix.length + '/fhir/R4'.length);
    await outcomeOf(hotel, path, 404);
    await outcomeOf(
      hotel,
      new URL(manifest.output[0].url).pathname.slice(t.app.config.apiPrefix.length + '/fhir/R4'.length),
      404,
    );
    expect((await kickOff(hotel, `/Group/org-${careOrg}/$export`)).statusCode).toBe(404);
    expect((await kickOff(hotel, `/Patient/${watchMember}/$export`)).statusCode).toBe(404);
  }, 900_000);

  it("one patient's export holds that patient's data only; bad kick-offs are refused", async () => {
    const res = await kickOff(
      admin,
      `/Patient/${watchMember}/$export?_type=Patient,Observation&_since=${isoDate(nowUnix() - 86_400)}`,
    );
    expect(res.statusCode, res.body).toBe(202);
    const manifest = await manifestOf(admin, res.headers['content-location'] as string);
    expect(new Set(manifest.output.map((o) => o.type))).toEqual(new Set(['Patient', 'Observation']));
    for (const file of manifest.output) {
      for (const resource of await linesOf(admin, file.url)) {
        if (resource.resourceType === 'Patient') expect(resource.id).toBe(String(watchMember));
        else
          expect((resource as { subject: { reference: string } }).subject.reference).toBe(
            `Patient/${watchMember}`,
          );
      }
    }
    await outcomeOf(admin, `/Group/org-${careOrg}/$export`, 400); // no Prefer: respond-async
    expect((await kickOff(admin, `/Group/org-${careOrg}/$export?_type=Medication`)).statusCode).toBe(400);
    expect((await kickOff(admin, `/Group/org-${careOrg}/$export?_outputFormat=text/csv`)).statusCode).toBe(
      400,
    );
    expect((await kickOff(admin, `/Group/ward-1/$export`)).statusCode).toBe(404);
  }, 240_000);
});
