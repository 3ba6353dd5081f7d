import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { REALTIME_NAMESPACE, type RealtimeCursor, Role, type StaffRole } from '@vigil/contracts';
import { buildApp } from '../src/app.ts';
import { createSession } from '../src/auth/sessions.ts';
import { testConfig } from '../src/config.ts';
import { ensureRoles } from '../src/db/bootstrap.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { areas, orgRelations, orgs, staff } from '../src/db/schema/index.ts';

/**
 * Test kit of the realtime suites (and the alert bench): an in-memory database, apps listening on
 * loopback with the staff channel attached, a small world of two organisations, and clients.
 */
/**
 * An embedded database, migrated with its roles and nothing else. The files of the PGlite project
 * load global-setup's dump of one (a few times cheaper than migrating anew); elsewhere it is made here.
 */
export async function openTestDatabase(): Promise<Database> {
  const bare = inject('pgliteBare');
  if (bare) return openDatabase({ kind: 'pglite', loadDataDir: new Blob([await readFile(bare)]) });
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await ensureRoles(database.db);
  return database;
}

export type Instance = { app: FastifyInstance; url: string; close(): Promise<void> };

export async function startInstance(database: Database, redisUrl: string | null = null): Promise<Instance> {
  const config = testConfig({ redisUrl: redisUrl ?? undefined, webDist: '/nonexistent' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export type SeededStaff = { id: number; token: string; role: StaffRole; orgId: number; areaId: number | null };

let accountSeq = 0;

export async function addStaff(database: Database, role: StaffRole, orgId: number, areaId: number | null): Promise<SeededStaff> {
  accountSeq += 1;
  const [row] = await database.db
    .insert(staff)
    .values({ orgId, areaId, role, account: `rt${accountSeq}`, passwordHash: 'x', name: `Staff ${accountSeq}` })
    .returning({ id: staff.id });
  const token = await createSession(database.db, testConfig(), row.id, {});
  return { id: row.id, token, role, orgId, areaId };
}

export async function addOrg(database: Database, name: string, type = 1): Promise<{ orgId: number; areaIds: number[] }> {
  const [org] = await database.db.insert(orgs).values({ name, type }).returning({ id: orgs.id });
  const rows = await database.db
    .insert(areas)
    .values([
      { orgId: org.id, name: `${name} east` },
      { orgId: org.id, name: `${name} west` },
    ])
    .returning({ id: areas.id });
  return { orgId: org.id, areaIds: rows.map((r) => r.id) };
}

export async function relate(database: Database, careOrgId: number, relatedOrgId: number, grants: string[]): Promise<void> {
  await database.db.insert(orgRelations).values({ orgId: careOrgId, relatedOrgId, grants });
}

export type World = {
  a: { orgId: number; areaIds: number[]; admin: SeededStaff; areaAdmin: SeededStaff; staff: SeededStaff; aide: SeededStaff };
  b: { orgId: number; areaIds: number[]; admin: SeededStaff };
};

/** Two care organisations with the roles the scoping rules distinguish. */
export async function seedWorld(database: Database, prefix = 'Org'): Promise<World> {
  const a = await addOrg(database, `${prefix} A`);
  const b = await addOrg(database, `${prefix} B`);
  return {
    a: {
      ...a,
      admin: await addStaff(database, Role.orgAdmin, a.orgId, null),
      areaAdmin: await addStaff(database, Role.orgAreaAdmin, a.orgId, a.areaIds[0]),
      staff: await addStaff(database, Role.orgStaff, a.orgId, a.areaIds[1]),
      aide: await addStaff(database, Role.nursingAide, a.orgId, null),
    },
    b: { ...b, admin: await addStaff(database, Role.orgAdmin, b.orgId, null) },
  };
}

export function connectStaff(url: string, token: string, since?: RealtimeCursor): ClientSocket {
  return connect(url + REALTIME_NAMESPACE, {
    transports: ['websocket'],
    auth: since ? { token, since } : { token },
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
}

/** Resolves with the connect result (`login`), rejects with the refusal. */
export function loggedIn(socket: ClientSocket): Promise<unknown> {
  return new Promise((resolve, reject) => {
    socket.once('login', resolve);
    socket.once('connect_error', reject);
  });
}

/** Collects every packet of the given events a socket receives. */
export function record(socket: ClientSocket, events: string[]): Array<{ event: string; payload: unknown }> {
  const seen: Array<{ event: string; payload: unknown }> = [];
  for (const event of events) socket.on(event, (payload: unknown) => seen.push({ event, payload }));
  return seen;
}

export const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` holds, so tests wait only as long as delivery takes. */
export async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await wait(10);
  }
}
