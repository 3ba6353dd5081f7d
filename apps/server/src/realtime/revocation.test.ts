import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { Socket as ClientSocket } from 'socket.io-client';
import { ErrorCode, Role, type StaffRole } from '@vigil/contracts';
import { apiGroups, orgs, roles, staff } from '../db/schema/index.ts';
import { createOrg, createStaff, TEST_PASSWORD } from '../../test/fixtures.ts';
import { api, login, useTestApp } from '../../test/helpers.ts';
import { hashToken } from '../auth/tokens.ts';
import { sessionFingerprints, staleSessions } from './revocation.ts';
import { connectStaff, loggedIn, wait } from '../../test/realtime.ts';

/*
 * Revocation reaches open sockets: whatever ends or changes a sign-in, each socket of it receives
 * `logout { code: -1 }` and is disconnected. The ending is pushed, not polled, so it takes
 * milliseconds on a quiet machine; the time is printed, not asserted, so a busy machine does not
 * fail the test (a socket still open after 10 s is a socket that was never ended).
 */

const t = useTestApp();
let url: string;
let orgId: number;
const sockets: ClientSocket[] = [];
let accountSeq = 0;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  orgId = await createOrg(t.db, 'T Revocation');
});

afterAll(() => {
  for (const s of sockets) s.disconnect();
});

/** A new account of the given role with one signed-in socket. */
async function signedInSocket(role: StaffRole = Role.orgAdmin) {
  accountSeq += 1;
  const account = `trev${accountSeq}`;
  const id = await createStaff(t.db, { account, orgId, role });
  const token = await login(t.app, account);
  const socket = connectStaff(url, token);
  sockets.push(socket);
  await loggedIn(socket);
  return { id, account, token, socket };
}

/** Resolves with the logout payload and the ms until the socket was disconnected. */
function endedWithin(socket: ClientSocket, started: () => number): Promise<{ notice: unknown; ms: number }> {
  return new Promise((resolve, reject) => {
    let notice: unknown;
    socket.once('logout', (payload: unknown) => (notice = payload));
    socket.once('disconnect', () => resolve({ notice, ms: Date.now() - started() }));
    setTimeout(() => reject(new Error('socket still connected after 10 s')), 10_000);
  });
}

async function expectEnded(socket: ClientSocket, act: () => Promise<unknown>) {
  let start = 0;
  const ended = endedWithin(socket, () => start);
  start = Date.now();
  await act();
  const { notice, ms } = await ended;
  expect(notice).toEqual({ code: ErrorCode.tokenExpired });
  expect(socket.connected).toBe(false);
  return ms;
}

describe('revocation reaches sockets', () => {
  it('POST /api/logout: the socket of that session gets a logout notice and is disconnected', async () => {
    const { token, socket } = await signedInSocket();
    const ms = await expectEnded(socket, () => api(t.app, token).post('/logout'));
    console.log(`revocation: logout -> socket closed in ${ms} ms`);
  });

  it('a password change from another session ends the other session’s socket, and only that one', async () => {
    const { account, socket } = await signedInSocket();
    const other = await login(t.app, account);
    const otherSocket = connectStaff(url, other);
    sockets.push(otherSocket);
    await loggedIn(otherSocket);
    const ms = await expectEnded(socket, async () => {
      const res = await api(t.app, other).put('/personal/password', {
        old_password: TEST_PASSWORD,
        new_password: 'Changed1234',
        confirm_password: 'Changed1234',
      });
      expect(res.statusCode).toBe(200);
    });
    console.log(`revocation: password change -> other session's socket closed in ${ms} ms`);
    await wait(600);
    expect(otherSocket.connected).toBe(true);
  });

  it('an account disabled, its role changed, or its organisation disabled', async () => {
    const disabled = await signedInSocket();
    await expectEnded(disabled.socket, () => t.db.update(staff).set({ enabled: false }).where(eq(staff.id, disabled.id)));

    const moved = await signedInSocket();
    await expectEnded(moved.socket, () => t.db.update(staff).set({ role: Role.orgStaff }).where(eq(staff.id, moved.id)));

    const member = await signedInSocket();
    await expectEnded(member.socket, () => t.db.update(orgs).set({ enabled: false }).where(eq(orgs.id, orgId)));
    await t.db.update(orgs).set({ enabled: true }).where(eq(orgs.id, orgId));
  });

  it('an edit of the role’s API group ends its sockets', async () => {
    const { socket } = await signedInSocket(Role.orgAreaAdmin);
    const [{ groupId }] = await t.db.select({ groupId: roles.apiGroupId }).from(roles).where(eq(roles.id, Role.orgAreaAdmin));
    const [{ before }] = await t.db.select({ before: apiGroups.permissions }).from(apiGroups).where(eq(apiGroups.id, groupId));
    try {
      await expectEnded(socket, () =>
        t.db
          .update(apiGroups)
          .set({ permissions: sql`${apiGroups.permissions} - 0` })
          .where(eq(apiGroups.id, groupId)),
      );
    } finally {
      await t.db.update(apiGroups).set({ permissions: before }).where(eq(apiGroups.id, groupId));
    }
  });

  it('leaves the sockets of untouched sessions connected', async () => {
    const { socket } = await signedInSocket();
    await wait(1000);
    expect(socket.connected).toBe(true);
  });
});

describe('staleSessions', () => {
  it('answers only the watched sign-ins that no longer hold: a changed fingerprint or a session that is gone', async () => {
    const idle = t.app.config.tokenIdleMinutes;
    const accounts = await Promise.all([1, 2].map(async () => {
      accountSeq += 1;
      const account = `trev${accountSeq}`;
      await createStaff(t.db, { account, orgId, role: Role.orgAdmin });
      return hashToken(await login(t.app, account));
    }));
    const live = await sessionFingerprints(t.db, accounts, idle);
    expect(live.size).toBe(2);
    const [kept, changed] = accounts.map((sessionId) => ({ sessionId, fingerprint: live.get(sessionId)! }));
    const moved = { ...changed, fingerprint: `${changed.fingerprint}|moved` };
    const gone = { sessionId: 'f'.repeat(64), fingerprint: kept.fingerprint };
    const stale = await staleSessions(t.db, [kept, moved, gone], idle);
    expect(stale).toHaveLength(2);
    expect(stale).toEqual(expect.arrayContaining([moved, gone]));
    expect(await staleSessions(t.db, [], idle)).toEqual([]);
  });
});
