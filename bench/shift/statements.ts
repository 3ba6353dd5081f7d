/**
 * npm run bench:shift -- --statements: where the time of bench:shift's calls goes, statement by
 * statement, on PGlite (whose one connection every call waits for). The server runs in this
 * process (buildApp on an embedded database, the same world as the bench, no simulator) with the
 * database client's `query` and `transaction` timed; each call of the shift change is made one at a
 * time (so no statement waits behind another) as an organisation admin, an area admin and a staff
 * member, several times over. Prints, per call, the median wall time, the statements it ran and
 * their time; then the statements that cost the most in total.
 */
import { cpus, loadavg } from 'node:os';
import { Role } from '../../packages/contracts/src/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { percentile } from '../common.ts';
import { careRecord, homeDataCalls, seedShiftWorld, shellCalls } from './world.ts';

const ROUNDS = Number(process.env.BENCH_SHIFT_ROUNDS ?? 10);
const database = await openDatabase({ kind: 'pglite' });
await database.migrate();
const { world, people } = await seedShiftWorld(database.db, { devices: 500, staff: 30 });

type Stmt = { sql: string; ms: number };
let current: Stmt[] | undefined;
const client = database.embedded!;
const normalise = (text: string) => text.replace(/\s+/g, ' ').slice(0, 160);
const timed = <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
  async (...a: A): Promise<R> => {
    const t0 = performance.now();
    try {
      return await fn(...a);
    } finally {
      current?.push({ sql: normalise(String(a[0])), ms: performance.now() - t0 });
    }
  };
const query = client.query.bind(client);
client.query = timed(query) as typeof client.query;
const transaction = client.transaction.bind(client);
client.transaction = (async (fn: (tx: Parameters<Parameters<typeof transaction>[0]>[0]) => Promise<unknown>) =>
  transaction(async (tx) => {
    const txQuery = tx.query.bind(tx);
    tx.query = timed(txQuery) as typeof tx.query;
    return fn(tx);
  })) as typeof client.transaction;

const app = await buildApp({ config: testConfig({ webDist: '/nonexistent' }), database });
await app.ready();
const as = [Role.orgAdmin, Role.orgAreaAdmin, Role.orgStaff].map((role) => people.find((p) => p.role === role)!);
const perCall = new Map<string, { ms: number[]; statements: number[]; dbMs: number[] }>();
const perStatement = new Map<string, { n: number; ms: number }>();
async function measure(name: string, run: () => Promise<{ statusCode: number; body: string }>) {
  current = [];
  const t0 = performance.now();
  const res = await run();
  const ms = performance.now() - t0;
  const stmts = current;
  current = undefined;
  if (res.statusCode !== 200) throw new Error(`${name} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  const row = perCall.get(name) ?? { ms: [], statements: [], dbMs: [] };
  row.ms.push(ms);
  row.statements.push(stmts.length);
  row.dbMs.push(stmts.reduce((s, x) => s + x.ms, 0));
  perCall.set(name, row);
  for (const s of stmts) {
    const key = `${name} | ${s.sql}`;
    const e = perStatement.get(key) ?? { n: 0, ms: 0 };
    e.n++;
    e.ms += s.ms;
    perStatement.set(key, e);
  }
  return res;
}
for (let round = 0; round < ROUNDS; round++) {
  for (const person of as) {
    const login = await measure('sign-in', () => app.inject({ method: 'POST', url: '/api/login', payload: { account: person.account, password: person.password } }));
    const token = (JSON.parse(login.body) as { data: { access_token: string } }).data.access_token;
    const headers = { authorization: `Bearer ${token}` };
    for (const [name, path] of [...shellCalls, ...homeDataCalls()]) await measure(name, () => app.inject({ method: 'GET', url: `/api${path}`, headers }));
  }
  // A care record from the organisation admin (any member).
  const admin = as[0];
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { account: admin.account, password: admin.password } });
  const token = (JSON.parse(login.body) as { data: { access_token: string } }).data.access_token;
  await measure('care record (write)', () =>
    app.inject({ method: 'POST', url: '/api/care/health', headers: { authorization: `Bearer ${token}` }, payload: careRecord(world.members[round].id, Math.floor(Date.now() / 1000)) }),
  );
}
console.log(`PGlite, one call at a time, ${ROUNDS} rounds × 3 roles; ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}`);
console.log(`${'call'.padEnd(24)} ${'wall p50'.padStart(9)} ${'db p50'.padStart(8)} statements`);
for (const [name, r] of perCall) console.log(`${name.padEnd(24)} ${percentile(r.ms, 50).toFixed(1).padStart(9)} ${percentile(r.dbMs, 50).toFixed(1).padStart(8)} ${percentile(r.statements, 50)}`);
console.log('\nstatements by total time:');
for (const [key, e] of [...perStatement].sort((a, b) => b[1].ms - a[1].ms).slice(0, Number(process.env.BENCH_SHIFT_TOP ?? 25)))
  console.log(`${e.ms.toFixed(0).padStart(7)} ms ${String(e.n).padStart(4)}× ${(e.ms / e.n).toFixed(2).padStart(7)} ms  ${key}`);
await app.close();
await database.close();
