import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, Role } from '@vigil/contracts';
import { staff } from '../db/schema/index.ts';
import { createWorld, type World } from '../../test/fixtures.ts';
import { api, login, useTestApp } from '../../test/helpers.ts';
import { loadSession } from './principal.ts';
import { revokeSession } from './sessions.ts';
import { hashToken } from './tokens.ts';

const t = useTestApp();
let world: World;
beforeAll(async () => {
  world = await createWorld(t.db);
});

// The session check is the one statement every request runs; on PGlite it is prepared inside the
// database and executed with literal arguments (principal.ts), on PostgreSQL through the driver.
describe('the session check', () => {
  it('answers the session, its staff member and whether the pair is granted', async () => {
    const id = hashToken(await login(t.app, 'tstaffa'));
    const granted = await loadSession(t.db, id, { method: 'GET', route: '/personal' });
    expect(granted).toMatchObject({
      sessionId: id,
      staffId: world.accounts.staffA,
      role: Role.orgStaff,
      orgId: world.orgs.careA,
      areaId: world.areas.areaA1,
      staffEnabled: true,
      orgEnabled: true,
      revokedAt: null,
      allowed: true,
      mustEnrol: false,
    });
    expect(granted!.createdAt).toBeInstanceOf(Date);
    expect(granted!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect((await loadSession(t.db, id, { method: 'POST', route: '/area' }))?.allowed).toBe(false);
    expect((await loadSession(t.db, id, null))?.allowed).toBe(true);
  });

  it('finds nothing for an unknown or malformed id, and takes a quote in a pair as data', async () => {
    const id = hashToken(await login(t.app, 'tstaffa'));
    expect(await loadSession(t.db, hashToken('no such token'), null)).toBeUndefined();
    expect(await loadSession(t.db, `${id.slice(0, 60)}' or '1'='1`, null)).toBeUndefined();
    expect((await loadSession(t.db, id, { method: 'GET', route: "/it's' or true --" }))?.allowed).toBe(false);
  });

  it('sees a revocation and a disabled account on the very next request', async () => {
    const token = await login(t.app, 'tstaffa');
    expect((await api(t.app, token).get('/personal')).statusCode).toBe(200);
    await revokeSession(t.db, hashToken(token));
    expect((await api(t.app, token).get('/personal')).json().code).toBe(ErrorCode.tokenExpired);

    const again = await login(t.app, 'tstaffa');
    expect((await api(t.app, again).get('/personal')).statusCode).toBe(200);
    await t.db.update(staff).set({ enabled: false }).where(eq(staff.id, world.accounts.staffA));
    try {
      expect((await api(t.app, again).get('/personal')).json().code).toBe(ErrorCode.tokenExpired);
    } finally {
      await t.db.update(staff).set({ enabled: true }).where(eq(staff.id, world.accounts.staffA));
    }
  });

  it('prepares the statement again when the database has dropped it', async () => {
    const id = hashToken(await login(t.app, 'tstaffa'));
    expect(await loadSession(t.db, id, null)).toBeDefined();
    await t.db.execute('deallocate all');
    expect((await loadSession(t.db, id, null))?.staffId).toBe(world.accounts.staffA);
  });
});
