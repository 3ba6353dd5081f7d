import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Socket as ClientSocket } from 'socket.io-client';
import { ErrorCode, Role, type StaffRole } from '@vigil/contracts';
import { auditLog, sessions } from '../../../db/schema/index.ts';
import { createOrg, createStaff } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';
import { connectStaff, loggedIn } from '../../../../test/realtime.ts';

const t = useTestApp();
let url: string;
let orgId: number;
let otherOrgId: number;
let seq = 0;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  orgId = await createOrg(t.db, 'T Sessions');
  otherOrgId = await createOrg(t.db, 'T Sessions other');
});

afterAll(() => {
  for (const s of sockets) s.disconnect();
});

async function account(role: StaffRole = Role.orgStaff, org = orgId) {
  seq += 1;
  const name = `tses${seq}`;
  return { name, id: await createStaff(t.db, { account: name, orgId: org, role }) };
}

type Listed = { id: string; current: boolean; ip: string | null; user_agent: string | null; created_at: number; last_seen_at: number };
const listOf = async (token: string) => (await api(t.app, token).get('/personal/session')).json().data as Listed[];

/** Resolves when the socket is told it was signed out and then disconnected. */
function ended(socket: ClientSocket): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let notice: unknown;
    socket.once('logout', (payload: unknown) => (notice = payload));
    socket.once('disconnect', () => resolve(notice));
    setTimeout(() => reject(new Error('socket still connected after 10 s')), 10_000);
  });
}

describe('own sessions', () => {
  it('lists device, address and times; signing one out closes its socket and is audited', async () => {
    const a = await account();
    const phone = await login(t.app, a.name, undefined, '10.8.0.1');
    const desk = await login(t.app, a.name, undefined, '10.8.0.2');
    const list = await listOf(desk);
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.current)?.ip).toBe('10.8.0.2');
    const other = list.find((s) => !s.current)!;
    expect(other.ip).toBe('10.8.0.1');
    // The handle is neither the token nor the stored id.
    expect(JSON.stringify(list)).not.toContain(phone);

    const socket = connectStaff(url, phone);
    sockets.push(socket);
    await loggedIn(socket);
    const closing = ended(socket);
    expect((await api(t.app, desk).delete(`/personal/session/${other.id}`)).statusCode).toBe(200);
    expect(await closing).toEqual({ code: ErrorCode.tokenExpired });
    expect((await api(t.app, phone).get('/personal')).json().code).toBe(ErrorCode.tokenExpired);
    expect(await listOf(desk)).toHaveLength(1);

    // The entry is queued once the answer has gone out; flushing writes what is queued.
    await expect
      .poll(async () => {
        await t.app.audit.flush();
        const entries = await t.db.select().from(auditLog).where(eq(auditLog.staffId, a.id));
        return entries.some((e) => e.method === 'DELETE' && e.route === '/personal/session/{id}');
      })
      .toBe(true);
  });

  it("another person's session id is -7 and leaves it signed in", async () => {
    const a = await account();
    const b = await account();
    const aToken = await login(t.app, a.name);
    const bToken = await login(t.app, b.name);
    const bSession = (await listOf(bToken))[0];
    const res = await api(t.app, aToken).delete(`/personal/session/${bSession.id}`);
    expect(res.json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, bToken).get('/personal')).statusCode).toBe(200);
    expect((await api(t.app, aToken).delete('/personal/session/not-a-handle')).json().code).toBe(ErrorCode.validationFailed);
  });

  it('sign out everywhere else keeps only the current session', async () => {
    const a = await account();
    const tokens = [await login(t.app, a.name), await login(t.app, a.name), await login(t.app, a.name)];
    expect((await api(t.app, tokens[2]).delete('/personal/session')).statusCode).toBe(200);
    expect((await api(t.app, tokens[0]).get('/personal')).json().code).toBe(ErrorCode.tokenExpired);
    expect((await api(t.app, tokens[1]).get('/personal')).json().code).toBe(ErrorCode.tokenExpired);
    expect(await listOf(tokens[2])).toHaveLength(1);
  });
});

describe("an admin ends a staff member's sessions", () => {
  it('ends every session of the member, closing its socket; another organisation is -7; staff may not', async () => {
    const admin = await account(Role.orgAdmin);
    const member = await account();
    const stranger = await account(Role.orgAdmin, otherOrgId);
    const adminToken = await login(t.app, admin.name);
    const memberToken = await login(t.app, member.name);
    const socket = connectStaff(url, memberToken);
    sockets.push(socket);
    await loggedIn(socket);

    expect((await api(t.app, await login(t.app, stranger.name)).delete(`/staff/session/${member.id}`)).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, memberToken).delete(`/staff/session/${admin.id}`)).json().code).toBe(ErrorCode.noPermission);
    const live = await t.db.select().from(sessions).where(eq(sessions.staffId, member.id));
    expect(live.every((s) => s.revokedAt === null)).toBe(true);

    const closing = ended(socket);
    expect((await api(t.app, adminToken).delete(`/staff/session/${member.id}`)).statusCode).toBe(200);
    expect(await closing).toEqual({ code: ErrorCode.tokenExpired });
    expect((await api(t.app, memberToken).get('/personal')).json().code).toBe(ErrorCode.tokenExpired);
  });
});
