/**
 * npm run bench:export: the server's memory while it makes a 100,000-row export (issue 28 item 4;
 * goal: the memory it holds rises less than 50 MB), both ways a list is exported: streamed (the job threshold
 * raised above the rows, so the route streams) and as a job (above EXPORT_JOB_ROWS, as the server
 * does by default: 202, the job renders it into stored parts, then the file is downloaded). Builds its own PostgreSQL database, vigil_bench_export, with
 * the abnormal events of bench:deep's generator shape (one organisation, 40 members, heart-rate
 * alerts over a year, all closed) so it never migrates the shared deep-bench database. The export
 * is fetched over a real HTTP socket (GET /abnormal/export, auth, permission, step-up, scope) and
 * read chunk by chunk without keeping it. Held memory (live heap and buffers after a forced
 * collection, every 200 ms) is what the goal is judged on; RSS and heap with garbage (every 10 ms)
 * are printed too: V8 on a roomy machine grows the heap before collecting, which says nothing of
 * what the export keeps.
 * BENCH_EXPORT_ROWS (default 100000). TEST_DATABASE_URL names the server (default local).
 */
import pg from 'pg';
import { AbnormalCategory, Role } from '../../packages/contracts/src/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { ensureRoles } from '../../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { staff } from '../../apps/server/src/db/schema/index.ts';
import { seedIngestWorld } from '../../apps/server/src/ingest/fixtures.ts';
import { listExportJob } from '../../apps/server/src/resources/export/job.ts';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? '100000');
const GOAL_MB = 50;
const DATABASE = 'vigil_bench_export';
const MB = 1024 * 1024;

async function main() {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();

  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  await database.migrate();
  await ensureRoles(database.db);
  const world = await seedIngestWorld(database.db, { members: 40, orgName: 'Export bench' });
  const [user] = await database.db
    .insert(staff)
    .values({ orgId: world.org.id, areaId: world.area.id, role: Role.orgAdmin, account: 'export0', passwordHash: 'x', name: 'Export bench' })
    .returning({ id: staff.id });
  const to = Math.floor(Date.now() / 1000) - 60;
  const from = to - 365 * 86_400;
  await database.db.$client.query(
    `INSERT INTO abnormal_events (org_id, area_id, member_id, device_id, type, category, occur_time, detail, is_handle, recovered_at, last_occur_time, created_at, updated_at)
     SELECT $1, $2, ($3::int[])[1 + i % 40], ($4::int[])[1 + i % 40], i % 2, $5, t,
            jsonb_build_object('value', CASE WHEN i % 2 = 0 THEN 42 ELSE 131 END, 'standard', CASE WHEN i % 2 = 0 THEN 50 ELSE 100 END),
            i % 5 <> 0, CASE WHEN i % 5 = 0 THEN t + interval '3 minutes' END, t, t, t
     FROM generate_series(0, $6::int - 1) AS i, LATERAL (SELECT to_timestamp($7::bigint + (i::bigint * ($8::bigint - $7::bigint)) / $6) AS t) AS at`,
    [world.org.id, world.area.id, world.members.map((m) => m.id), world.devices.map((d) => d.id), AbnormalCategory.physiological, ROWS, from, to],
  );
  await database.db.$client.query('ANALYZE abnormal_events');

  const config = testConfig({ webDist: '/nonexistent' });
  const token = await createSession(database.db, config, user.id, {});
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`bench:export: ${ROWS.toLocaleString('en')} abnormal events, streamed over HTTP from 127.0.0.1:${port}`);

  const headers = { authorization: `Bearer ${token}` };
  const byJobRows = config.exportJobRows;
  const makeJob = listExportJob(database.db, app.log);
  const run = async (format: 'csv' | 'xlsx', way: 'stream' | 'job') => {
    app.config.exportJobRows = way === 'stream' ? ROWS + 1 : byJobRows;
    const ask = (filter = '') =>
      fetch(`http://127.0.0.1:${port}${config.apiPrefix}/abnormal/export?format=${format}&order_by=occur_time&order=desc&lang=zh-TW${filter}`, { headers });
    /** The export's file: the streamed answer, or the job's file once the job (run here, as the periodic helper would) is done. */
    const get = async (filter = '') => {
      const res = await ask(filter);
      if (res.status !== 202) return res;
      const { data } = (await res.json()) as { data: { job_id: number } };
      await makeJob();
      return fetch(`http://127.0.0.1:${port}${config.apiPrefix}/export-job/${data.job_id}/file`, { headers });
    };
    // A warm-up export of one member's alerts, so what is measured is the stream, not first-use
    // compilation and caches.
    await (await get(`&user_id=${world.members[0].id}`)).arrayBuffer();
    global.gc?.();
    const base = process.memoryUsage();
    const heldOf = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    let peakHeld = heldOf(base);
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 10);
    // What the export holds, as opposed to garbage V8 has not collected yet (on a machine with room
    // it lets the heap grow before collecting): a collection, then the live heap and buffers.
    const holder = setInterval(() => {
      global.gc?.();
      peakHeld = Math.max(peakHeld, heldOf(process.memoryUsage()));
    }, 200);
    const t0 = performance.now();
    const res = await get();
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    const reader = res.body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      const chunk = r.value;
      bytes += chunk.byteLength;
      if (format === 'csv') for (const b of chunk) if (b === 10) lines++;
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    clearInterval(holder);
    const rise = (peakHeld - heldOf(base)) / MB;
    const rows = format === 'csv' ? `${(lines - 1).toLocaleString('en')} rows, ` : '';
    console.log(
      `  ${format.padEnd(4)} ${way.padEnd(6)} ${rows}${(bytes / MB).toFixed(1)} MB in ${seconds.toFixed(1)} s; held +${rise.toFixed(1)} MB; RSS +${((peakRss - base.rss) / MB).toFixed(1)} MB (peak ${(peakRss / MB).toFixed(0)} MB), heap +${((peakHeap - base.heapUsed) / MB).toFixed(1)} MB with garbage; goal held < ${GOAL_MB} MB: ${rise < GOAL_MB ? 'met' : 'NOT met'}`,
    );
    return rise;
  };
  const rises = [await run('csv', 'stream'), await run('xlsx', 'stream'), await run('csv', 'job'), await run('xlsx', 'job')];
  await app.close();
  await database.close();
  if (rises.some((r) => r >= GOAL_MB)) process.exitCode = 1;
}

await main();
