import { PGlite } from '@electric-sql/pglite';
import { Placeholder, eq, sql } from 'drizzle-orm';
import { adminRoles, operatorRoles, type ApiPermission, type OrgType, type StaffRole } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { apiGroups, orgs, passkeys, roles, sessions, staff, staffTotp, type ExportRequester } from '../db/schema/index.ts';

/** Who is calling: the signed-in staff member, as every guard and query sees them. */
export type Principal = {
  staffId: number;
  sessionId: string;
  role: StaffRole;
  orgId: number;
  orgType: OrgType;
  areaId: number | null;
};

/**
 * Work done later for someone (a bulk or list export, a scheduled report) stores who asked, and runs
 * with the rights they had when asking: the stored form and the principal it runs as.
 */
export const requesterOf = (p: Principal): ExportRequester => ({ staffId: p.staffId, role: p.role, orgId: p.orgId, orgType: p.orgType, areaId: p.areaId });
export const principalOfRequester = (r: ExportRequester): Principal => ({
  staffId: r.staffId,
  sessionId: '',
  role: r.role as StaffRole,
  orgId: r.orgId,
  orgType: r.orgType as OrgType,
  areaId: r.areaId,
});

export type SessionRecord = Principal & {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  staffEnabled: boolean;
  orgEnabled: boolean;
  /** Whether the role's group, or an unexpired temporary role's group, holds the asked pair. */
  allowed: boolean;
  /** Whether a second factor is required of them (the operator level, an organisation's admins when it says so) and none is set up. */
  mustEnrol: boolean;
};

const roleList = (set: ReadonlySet<StaffRole>) => sql.raw(`array[${[...set].join(',')}]::smallint[]`);

/**
 * One indexed query per request: the session, its staff member and organisation (both must still
 * be enabled), and whether the stored API groups grant the asked pair. Reading the groups here
 * rather than from a cache means an edit on the admin pages applies to the very next request, on
 * every instance.
 *
 * It is a named prepared statement: every API call and socket login runs it, and on PostgreSQL
 * building and planning the five-table join on every call cost 1.4 ms, against 0.2 ms prepared
 * (docs/architecture.md). A pair of `[]` (a route open to any signed-in caller) is
 * contained in every group's list, so one statement serves both kinds of route.
 */
function sessionQuery(db: Db) {
  const pair = sql.placeholder('pair');
  const allowed = sql<boolean>`(${apiGroups.permissions} @> ${pair}::jsonb or exists (
      select 1 from temp_roles tr
      join roles tr_role on tr_role.id = tr.role
      join api_groups tr_group on tr_group.id = tr_role.api_group_id
      where tr.staff_id = ${staff.id} and tr.starts_at <= now() and tr.expires_at > now()
        and tr_group.permissions @> ${pair}::jsonb))`;
  // Only staff a factor is required of reach the two existence checks (primary-key lookups).
  const mustEnrol = sql<boolean>`((${staff.role} = any(${roleList(operatorRoles)})
      or (${orgs.requireSecondFactor} and ${staff.role} = any(${roleList(adminRoles)})))
    and not exists (select 1 from ${staffTotp} where ${staffTotp.staffId} = ${staff.id} and ${staffTotp.confirmedAt} is not null)
    and not exists (select 1 from ${passkeys} where ${passkeys.staffId} = ${staff.id}))`;
  return db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      staffId: staff.id,
      role: staff.role,
      orgId: staff.orgId,
      areaId: staff.areaId,
      staffEnabled: staff.enabled,
      orgType: orgs.type,
      orgEnabled: orgs.enabled,
      allowed,
      mustEnrol,
    })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .innerJoin(orgs, eq(orgs.id, staff.orgId))
    .innerJoin(roles, eq(roles.id, staff.role))
    .innerJoin(apiGroups, eq(apiGroups.id, roles.apiGroupId))
    .where(eq(sessions.id, sql.placeholder('sessionId')));
}
type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>['execute']>>[number];
type SessionParams = { sessionId: string; pair: string };
type SessionStatement = { execute(params: SessionParams): Promise<SessionRow[]> };

/**
 * The same statement prepared inside the embedded database. Drizzle's `prepare` names a statement
 * on PostgreSQL, but its PGlite driver sends the text with every call, so PGlite parsed and planned
 * the five-table join on every request: 3.5 ms of its one connection, which every other request
 * waits for, where PREPARE once and EXECUTE cost 1.1 ms (bench:shift, `bench/shift/statements.ts`).
 * EXECUTE takes no bind parameters, so its arguments are literals: the session id is a SHA-256 in
 * hex (anything else finds no session without asking), the pair is the route's own JSON.
 */
class EmbeddedSessionStatement implements SessionStatement {
  static readonly NAME = 'vigil_load_session_embedded';
  readonly #client: PGlite;
  readonly #text: string;
  readonly #fields: string[];
  readonly #args: string[];
  #prepared: Promise<unknown> | undefined;

  constructor(db: Db, client: PGlite) {
    this.#client = client;
    const query = sessionQuery(db);
    const { sql: text, params } = query.toSQL();
    this.#text = text;
    this.#fields = Object.keys(query._.selectedFields);
    this.#args = params.map((p) => {
      if (!(p instanceof Placeholder)) throw new Error('the session statement takes only placeholders');
      return p.name;
    });
  }

  async execute(params: SessionParams): Promise<SessionRow[]> {
    if (!/^[0-9a-f]{64}$/.test(params.sessionId)) return [];
    const values = this.#args.map((name) => `'${params[name as keyof SessionParams].replaceAll("'", "''")}'`);
    const run = () => this.#client.query<unknown[]>(`execute ${EmbeddedSessionStatement.NAME}(${values.join(', ')})`, [], { rowMode: 'array' });
    await this.#prepare();
    let result;
    try {
      result = await run();
    } catch (err) {
      // Prepared statements live as long as the connection; one dropped (DEALLOCATE) is made again.
      if ((err as { code?: string }).code !== '26000') throw err;
      this.#prepared = undefined;
      await this.#prepare();
      result = await run();
    }
    return result.rows.map((row) => Object.fromEntries(this.#fields.map((f, i) => [f, row[i]])) as SessionRow);
  }

  #prepare(): Promise<unknown> {
    this.#prepared ??= this.#client.exec(`prepare ${EmbeddedSessionStatement.NAME} as ${this.#text}`).catch((err: unknown) => {
      this.#prepared = undefined;
      throw err;
    });
    return this.#prepared;
  }
}

function prepareSessionQuery(db: Db): SessionStatement {
  const client: unknown = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? new EmbeddedSessionStatement(db, client) : sessionQuery(db).prepare('vigil_load_session');
}

/** One prepared statement per database handle (a test opens several). */
const sessionQueries = new WeakMap<Db, SessionStatement>();

export async function loadSession(db: Db, sessionId: string, permission: ApiPermission | null): Promise<SessionRecord | undefined> {
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  const [row] = await query.execute({ sessionId, pair: JSON.stringify(permission ? [permission] : []) });
  if (!row) return undefined;
  return { ...row, role: row.role as StaffRole, orgType: row.orgType as OrgType, allowed: Boolean(row.allowed), mustEnrol: Boolean(row.mustEnrol) };
}
