/**
 * npm run bench:alerts: latency from a reading accepted by ingestion to the abnormal event
 * arriving at a connected staff socket, with 1,000 staff sockets connected and 2,000 readings/s
 * flowing, loopback only, bounded run.
 *
 * World: 20 care organisations × 100 monitored members (a B10 watch each) × 50 staff sockets.
 * Load: every device sends one heart-rate reading a second (2,000/s) through its organisation's
 * gateway over HTTP, one batch of 100 every 50 ms. Each second, 60 devices that have not alerted
 * yet send 162 bpm, so the rules raise 60 new alerts/s, each fanned out to the 50 sockets of its
 * organisation (3,000 deliveries/s). Clocks: one high-resolution clock shared by the server and
 * the socket worker thread.
 * - accepted → socket (the goal): from the moment ingestion has stored the reading and its rule
 *   has raised the alert (the domain event) to arrival at each socket;
 * - posted → socket: from posting the batch, so HTTP, validation, storage and rules are included
 *   (ingestion's own figures are bench:ingest's).
 * Lost = expected deliveries (alerts × sockets of their org) − received; cross-org = deliveries
 * to a socket of another organisation. Goals: p50 < 20 ms, p99 < 100 ms, lost 0, cross-org 0.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { collectReceipts, ms, percentile, tallyReceipts, throwawayDatabase } from '../common.ts';
import { nowUnix } from '@vigil/contracts';
import { DataSource, DeviceType, Role } from '../../packages/contracts/src/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { ensureRoles } from '../../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { staff as staffTable } from '../../apps/server/src/db/schema/index.ts';
import { seedIngestWorld } from '../../apps/server/src/ingest/fixtures.ts';
import { registerRealtime } from '../../apps/server/src/realtime/index.ts';

const ORGS = 20;
const DEVICES_PER_ORG = 100;
const SOCKETS_PER_ORG = Number(process.env.BENCH_SOCKETS_PER_ORG ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SLOTS = 20; // batches per second: one org's gateway every 50 ms
const ALERTS_PER_SLOT = 3; // 60 new alerts a second
const HIGH = 162;

const now = () => performance.timeOrigin + performance.now();

/**
 * PostgreSQL, as in production: a throwaway database on TEST_DATABASE_URL (or the local server).
 * Without one the bench falls back to PGlite, whose single connection makes ingestion, not the
 * channel, the bottleneck (docs/realtime.md has both figures).
 */
const scratch = await throwawayDatabase('vigil_bench_alerts');
const databaseUrl = scratch.url;
const database = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl, poolSize: 10 } : { kind: 'pglite' });
await database.migrate();
await ensureRoles(database.db);
const config = testConfig({ webDist: '/nonexistent' });

console.log(`seeding ${ORGS} organisations × ${DEVICES_PER_ORG} devices × ${SOCKETS_PER_ORG} staff …`);
const stamp = Date.now();
const worlds: Awaited<ReturnType<typeof seedIngestWorld>>[] = [];
for (let o = 0; o < ORGS; o++) {
  worlds.push(await seedIngestWorld(database.db, { members: DEVICES_PER_ORG, deviceType: DeviceType.watchB10, orgName: `Alerts ${stamp} ${o}` }));
}
const deviceOrg = new Map<number, number>();
for (const w of worlds) for (const d of w.devices) deviceOrg.set(d.id, w.org.id);
const staff: Array<{ token: string; org: number }> = [];
for (const w of worlds) {
  const rows = await database.db
    .insert(staffTable)
    .values(Array.from({ length: SOCKETS_PER_ORG }, (_, i) => ({ orgId: w.org.id, role: Role.orgStaff, account: `a${w.org.id}x${i}`, passwordHash: 'x', name: `Staff ${i}` })))
    .returning({ id: staffTable.id });
  for (const r of rows) staff.push({ token: await createSession(database.db, config, r.id, {}), org: w.org.id });
}

const app = await buildApp({ config, database });
if (!app.hasDecorator('realtime')) await registerRealtime(app);
const emitted = new Map<number, number>();
app.events.on('abnormal', (e) => {
  const p = e.payload as { source: { device: { id: number } | null } };
  if (p.source.device) emitted.set(p.source.device.id, now());
});
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

console.log(`connecting ${staff.length} staff sockets …`);
// Worker threads do not inherit tsx's loader; the bootstrap registers it before importing.
const clientsUrl = new URL('./clients.ts', import.meta.url).href;
const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(clientsUrl)}); });`, {
  eval: true,
  workerData: { url, staff },
});
const ready = await new Promise<{ connected: number }>((resolve, reject) => {
  worker.once('message', (m: { kind: string; connected?: number; message?: string }) =>
    m.kind === 'ready' ? resolve({ connected: m.connected! }) : reject(new Error(m.message)),
  );
  worker.once('error', reject);
});
console.log(`${ready.connected} sockets connected; sending ${2000 * SECONDS} readings over ${SECONDS} s …`);

const liveStart = nowUnix() - SECONDS - 10;

/** Posts one second of normal readings for an organisation. */
function post(w: (typeof worlds)[number], readings: unknown[]) {
  return fetch(`${url}/api/ingest/readings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-gateway-key': w.gatewayKey },
    body: JSON.stringify({ readings }),
  });
}

// Warm-up, not measured: each organisation's first batch loads its devices, bindings and
// standards into the ingestion caches; a console that has been running has them already.
for (let warm = 0; warm < 3; warm++) {
  for (const w of worlds) {
    const res = await post(
      w,
      w.devices.map((d, i) => ({ serial: d.serial, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: liveStart - 3 + warm, values: { value: 60 + (i % 30) } })),
    );
    await res.arrayBuffer();
  }
}

const sentHighAt = new Map<number, number>();
const t0 = now();
let accepted = 0;
let rejected = 0;
let lateSlots = 0;
const pending: Promise<void>[] = [];
const postLatencies: number[] = [];
for (let second = 0; second < SECONDS; second++) {
  for (let slot = 0; slot < SLOTS; slot++) {
    const due = t0 + second * 1000 + slot * (1000 / SLOTS);
    const wait = due - now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else lateSlots++;
    const w = worlds[slot % ORGS];
    // Which devices alert this second: a different block of 50 each second, spread over the orgs.
    const alerting = new Set<number>();
    for (let k = 0; k < ALERTS_PER_SLOT; k++) alerting.add((second * 3 + k * 37 + slot) % DEVICES_PER_ORG);
    const readings = w.devices.map((d, i) => ({
      serial: d.serial,
      kind: 'heartRate',
      source: DataSource.watchB10_1m,
      occur_time: liveStart + second,
      values: { value: alerting.has(i) && !sentHighAt.has(d.id) ? HIGH : 60 + ((i + second) % 30) },
    }));
    const highs = w.devices.filter((d, i) => alerting.has(i) && !sentHighAt.has(d.id));
    const postedAt = now();
    for (const d of highs) sentHighAt.set(d.id, postedAt);
    pending.push(
      post(w, readings).then(async (res) => {
        postLatencies.push(now() - postedAt);
        const body = (await res.json()) as { data?: { accepted: number; rejected: unknown[] } };
        accepted += body.data?.accepted ?? 0;
        rejected += body.data?.rejected.length ?? readings.length;
      }),
    );
  }
}
await Promise.all(pending);
// Let the last alerts arrive, then collect.
await new Promise((r) => setTimeout(r, 1500));
const receipts = await collectReceipts(worker);

const endToEnd: number[] = [];
const channel: number[] = [];
const { delivered, crossOrg } = tallyReceipts(receipts, deviceOrg, sentHighAt, (r, sent) => {
  endToEnd.push(r.at - sent);
  const raised = emitted.get(r.device);
  if (raised !== undefined) channel.push(r.at - raised);
});
const alertsRaised = [...emitted.keys()].filter((d) => sentHighAt.has(d)).length;
const expected = alertsRaised * SOCKETS_PER_ORG;
const lost = expected - delivered;
const alertsNotRaised = sentHighAt.size - alertsRaised;

const figures = {
  date: new Date().toISOString(),
  loadAverage: loadavg()[0],
  database: databaseUrl ? 'postgres' : 'pglite',
  sockets: ready.connected,
  seconds: SECONDS,
  readingsSent: 2000 * SECONDS,
  readingsAccepted: accepted,
  readingsRejected: rejected,
  readingsPerSecond: Math.round(accepted / ((now() - t0) / 1000)),
  lateSlots,
  highReadingsSent: sentHighAt.size,
  alertsRaised,
  alertsNotRaised,
  deliveriesExpected: expected,
  deliveriesReceived: delivered,
  alertsLost: lost,
  crossOrgDeliveries: crossOrg,
  acceptedP50Ms: +percentile(channel, 50).toFixed(1),
  acceptedP99Ms: +percentile(channel, 99).toFixed(1),
  acceptedMaxMs: +percentile(channel, 100).toFixed(1),
  postedP50Ms: +percentile(endToEnd, 50).toFixed(1),
  postedP99Ms: +percentile(endToEnd, 99).toFixed(1),
  ingestPostP99Ms: +percentile(postLatencies, 99).toFixed(1),
};
const pass = figures.acceptedP50Ms < 20 && figures.acceptedP99Ms < 100 && lost === 0 && crossOrg === 0 && alertsNotRaised === 0;

console.log('');
console.log(`sockets connected             ${figures.sockets}`);
console.log(`readings accepted             ${figures.readingsAccepted} of ${figures.readingsSent} (${figures.readingsPerSecond}/s, rejected ${rejected})`);
console.log(`alerts raised                 ${alertsRaised} (high readings ${sentHighAt.size}, not raised ${alertsNotRaised})`);
console.log(`deliveries                    ${delivered} of ${expected}`);
console.log(`accepted → socket  p50 / p99  ${ms(figures.acceptedP50Ms)} / ${ms(figures.acceptedP99Ms)} (max ${ms(figures.acceptedMaxMs)})`);
console.log(`posted → socket    p50 / p99  ${ms(figures.postedP50Ms)} / ${ms(figures.postedP99Ms)} (includes ingestion)`);
console.log(`ingest POST        p99        ${ms(figures.ingestPostP99Ms)}`);
console.log(`alerts lost                   ${lost}`);
console.log(`cross-org deliveries          ${crossOrg}`);
console.log(`load average                  ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`);
console.log(`verdict                       ${pass ? 'PASS' : 'FAIL'} (goals: accepted → socket p50 < 20 ms, p99 < 100 ms, lost 0, cross-org 0)`);

mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(new URL('../results/alerts.json', import.meta.url), JSON.stringify(figures, null, 2) + '\n');
await app.close();
await database.close();
await scratch.drop();
process.exit(pass ? 0 : 1);
