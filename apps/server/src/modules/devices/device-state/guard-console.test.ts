import { beforeAll, describe, expect, it } from 'vitest';
import { DataSource, ErrorCode, Role } from '@vigil/contracts';
import { createStaff, createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';
import { addMonitoredMember } from '../../../ingest/fixtures.ts';

// The organisation guard's console: the live wall, the worn devices' state and positions and the
// alerts of its own organisation's residents, and nothing of another organisation.

const t = useTestApp();
let world: World;
const ids = { ann: 0, cy: 0 };

beforeAll(async () => {
  world = await createWorld(t.db);
  await createStaff(t.db, { account: 'tguarda', orgId: world.orgs.careA, role: Role.orgGuard });
  const ann = await addMonitoredMember(t.db, world.orgs.careA, world.areas.areaA1, 'T Guard Ann');
  const cy = await addMonitoredMember(t.db, world.orgs.careB, world.areas.areaB1, 'T Guard Cy');
  Object.assign(ids, { ann: ann.member.id, cy: cy.member.id });
  const at = Math.floor(Date.now() / 1000) - 60;
  for (const { device } of [ann, cy]) {
    // An SOS opens an alert on each side: a safety alert, which the routing gives guards (a racing
    // heart is clinical and goes to the care roles only, docs/alert-rules.md).
    const reading = { serial: device.serial, kind: 'sos', source: DataSource.watchB10_1m, occur_time: at, values: {} };
    expect((await t.app.ingest.ingest({ kind: 'device', deviceId: device.id, orgId: device.orgId }, [reading])).rejected).toEqual([]);
  }
});

describe("the organisation guard's console", () => {
  it('shows the live wall and the worn devices of its own residents only', async () => {
    const guard = api(t.app, await login(t.app, 'tguarda'));
    const wall = await guard.get('/wall');
    expect(wall.statusCode).toBe(200);
    const tiles = (wall.json().data.members as { id: number }[]).map((m) => m.id);
    expect(tiles).toContain(ids.ann);
    expect(tiles).not.toContain(ids.cy);
    const devices = await guard.get('/device/bind/real-time', { per_page: -1 });
    expect(devices.statusCode).toBe(200);
    const rows = devices.json().data.list as { member_id: number; org_id: number }[];
    expect(rows.map((r) => r.member_id)).toContain(ids.ann);
    expect(rows.every((r) => r.org_id === world.orgs.careA)).toBe(true);
  });

  it("handles its residents' alerts, never another organisation's", async () => {
    const guard = api(t.app, await login(t.app, 'tguarda'));
    const own = (await guard.get('/abnormal', { is_handle: 0 })).json().data.list as { id: number; source: { user: { id: number } | null } }[];
    const alert = own.find((a) => a.source.user?.id === ids.ann);
    expect(alert).toBeDefined();
    expect(own.some((a) => a.source.user?.id === ids.cy)).toBe(false);
    expect((await guard.post('/handle/abnormal', { abnormal_id: alert!.id, content: 'Checked on Ann in her room' })).statusCode).toBe(200);
    const admin = api(t.app, await login(t.app, 'tadminb'));
    const foreign = ((await admin.get('/abnormal', { is_handle: 0 })).json().data.list as { id: number; source: { user: { id: number } | null } }[]).find(
      (a) => a.source.user?.id === ids.cy,
    );
    expect((await guard.post('/handle/abnormal', { abnormal_id: foreign!.id, content: 'x' })).json().code).toBe(ErrorCode.notFound);
  });

  it('is refused (-3) to a role without these pages', async () => {
    const pharmacist = api(t.app, await login(t.app, 'tpharm'));
    for (const path of ['/wall', '/device/bind/real-time']) expect((await pharmacist.get(path)).json().code).toBe(ErrorCode.noPermission);
  });
});
