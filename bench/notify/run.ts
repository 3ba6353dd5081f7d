/**
 * npm run bench:notify [-- --minutes N]: alert notifications under load, through a crash.
 *
 * One Vigil server as a child process (`node --import tsx apps/server/src/main.ts`) on an embedded
 * database in a data folder of its own, with every channel pointed at a real local peer in this
 * process: an SMTP server (smtp-server), a Web Push service that checks VAPID and decrypts the
 * RFC 8291 payload with the subscription's keys, and a LINE Messaging API stand-in that checks the
 * channel token, X-Line-Retry-Key and the body (the test peers of apps/server/test/).
 *
 * World: one care organisation, one nurse (push subscription, mailbox, linked LINE user), the
 * organisation's high-priority timeout 1 minute, and one watch per alert to raise. Load: 1,000 SOS
 * readings a minute through HTTP ingestion, each from its own watch and stamped 2 minutes 5 s
 * ago, so the alert's first two tiers (push; email and LINE) are due the moment it is accepted.
 * The bench acknowledges each alert once all three arrived, as the nurse would, which stops its
 * chain (no reminder, no third tier).
 * - accepted → leaving, per channel: from the start of the ingestion request the server accepted
 *   to the request's arrival at the channel's peer (conservative: includes ingestion itself);
 * - halfway through, `kill -9` of the server and a restart on the same data folder; the load
 *   waits and resends what was not accepted, as gateways do;
 * - lost: notifications of accepted alerts that never reached their peer (after waiting out the
 *   worker's 60 s lease); sent twice: a second arrival of the same idempotency key at the peer
 *   (the mail's Message-ID, the push's alert and subscription, LINE's retry key: LINE answers
 *   409 to a key it has, and the stand-in counts those).
 * Goal: p99 ≤ 1 s per channel, 0 lost, 0 sent twice. Prints the figures; writes
 * bench/results/notify.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { DataSource, DeviceType, Role } from '../../packages/contracts/src/index.ts';
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import { SecretSealer } from '../../apps/server/src/auth/second-factor/sealing.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { ensureRoles } from '../../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { notifyOrgPolicies, notifyOutbox, notifyPreferences, pushSubscriptions, staff, staffLineLinks } from '../../apps/server/src/db/schema/index.ts';
import { seedIngestWorld } from '../../apps/server/src/ingest/fixtures.ts';
import { saveLineCredentials } from '../../apps/server/src/notify/line-channel.ts';
import { LineStandIn } from '../../apps/server/test/line-stand-in.ts';
import { PushReceiver } from '../../apps/server/test/push-receiver.ts';
import { SmtpPeer } from '../../apps/server/test/smtp-peer.ts';
import { freePort, ms, percentile, throwawayDatabase } from '../common.ts';

const { values: args } = parseArgs({ options: { minutes: { type: 'string' }, engine: { type: 'string' } } });
const ENGINE = args.engine ?? process.env.BENCH_ENGINE ?? 'pglite';
if (ENGINE !== 'pglite' && ENGINE !== 'postgres') throw new Error('--engine takes pglite or postgres');
const MINUTES = Number(args.minutes ?? process.env.BENCH_MINUTES ?? 5);
if (!(MINUTES > 0)) throw new Error('--minutes takes a positive number');
const PER_MINUTE = 1_000;
const TOTAL = Math.round(MINUTES * PER_MINUTE);
/** Readings are stamped this long ago: two high-priority timeouts (1 min each) and 5 s. */
const BACKDATE_S = 125;
/** After the load, how long to wait for the last notifications (a crashed worker's lease is 60 s). */
const DRAIN_MS = 240_000;
const LINE_SECRET = randomBytes(16).toString('hex');

const root = fileURLToPath(new URL('../../', import.meta.url));
const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));

// ---------------------------------------------------------------- peers and the world

const [smtp, receiver, line] = await Promise.all([SmtpPeer.start(), PushReceiver.start(), LineStandIn.start(`bench-${randomBytes(8).toString('hex')}`, LINE_SECRET)]);
const work = mkdtempSync(join(tmpdir(), 'vigil-bench-notify-'));
const dataDir = join(work, 'pg');
const secondFactorKey = randomBytes(32).toString('hex');

// PostgreSQL: a throwaway database on TEST_DATABASE_URL's server (or the local one), as production runs.
const scratch = ENGINE === 'postgres' ? await throwawayDatabase('vigil_bench_notify') : undefined;
if (scratch && !scratch.url) throw new Error('--engine postgres needs a PostgreSQL server (TEST_DATABASE_URL or 127.0.0.1:5432)');
const databaseOptions = scratch?.url ? ({ kind: 'postgres', url: scratch.url } as const) : ({ kind: 'pglite', dataDir } as const);
console.log(`seeding ${TOTAL} watches on ${scratch?.url ? 'PostgreSQL' : `PGlite in ${dataDir}`} …`);
const seed = await openDatabase(databaseOptions);
await seed.migrate();
await ensureRoles(seed.db);
const world = await seedIngestWorld(seed.db, { members: TOTAL, deviceType: DeviceType.watchB10, orgName: 'Notify bench care' });
const [nurse] = await seed.db
  .insert(staff)
  .values({ orgId: world.org.id, role: Role.orgStaff, account: 'benchnurse', passwordHash: 'x', name: 'Bench Nurse', email: 'nurse@bench.test' })
  .returning({ id: staff.id });
const phone = receiver.subscriber('nurse-phone');
await seed.db.insert(pushSubscriptions).values({ staffId: nurse.id, endpoint: phone.json.endpoint, p256dh: phone.json.keys.p256dh, auth: phone.json.keys.auth, label: 'Ward phone' });
await seed.db.insert(staffLineLinks).values({ staffId: nurse.id, orgId: world.org.id, lineUserId: 'Unurse' });
line.users.add('Unurse');
await seed.db.insert(notifyPreferences).values({ staffId: nurse.id, language: 'en' });
await seed.db.insert(notifyOrgPolicies).values({ orgId: world.org.id, timeouts: { high: 1 } });
await saveLineCredentials(seed.db, new SecretSealer(Buffer.from(secondFactorKey, 'hex')), world.org.id, { accessToken: line.accessToken, channelSecret: LINE_SECRET });
const token = await createSession(seed.db, testConfig(), nurse.id, {});
await seed.close();

// ---------------------------------------------------------------- the server

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
async function startServer(): Promise<number> {
  const started = Date.now();
  // BENCH_CPU_PROFILE=<folder>: a V8 CPU profile of each server (the one killed leaves none).
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  server = spawn(process.execPath, [...profile, '--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: join(root, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ...(scratch?.url && { DATABASE_URL: scratch.url }),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DEMO: 'false',
      ADMIN_PASSWORD: 'Bench1234',
      WEB_DIST: '/nonexistent',
      SECOND_FACTOR_KEY: secondFactorKey,
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Vigil <vigil@bench.test>',
      VAPID_SUBJECT: 'mailto:ops@bench.test',
      LINE_API_BASE: line.baseUrl,
      PUBLIC_URL: 'https://vigil.bench.test',
      // The local push service's throw-away certificate.
      NODE_EXTRA_CA_CERTS: receiver.certFile,
    },
  });
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok).catch(() => false)) return Date.now() - started;
    await sleep(200);
  }
}
process.on('exit', () => server?.kill('SIGKILL'));
console.log(`server ready in ${await startServer()} ms; ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`);

// ---------------------------------------------------------------- what the peers received

/** Per watch (member n): when its reading was posted in the request the server accepted. */
const acceptedAt = new Map<number, number>();
/** `reminder`: a high-priority repeat, sent because the alert was not acknowledged a timeout after its tier. */
type Arrival = { channel: 'push' | 'email' | 'line'; key: string; alertId: number; member: number; at: number; reminder: boolean };
const memberOf = (text: string) => Number(/Member (\d+)/.exec(text)?.[1] ?? NaN);
const arrivals = (): Arrival[] => [
  ...receiver.received.map((p) => {
    const payload = p.payload as { alertId: number; title: string };
    return { channel: 'push' as const, key: `${payload.alertId}:${p.subscription}`, alertId: payload.alertId, member: memberOf(payload.title), at: p.at, reminder: false };
  }),
  ...smtp.mails.map((m) => ({
    channel: 'email' as const,
    key: m.messageId,
    alertId: Number(/^<a(\d+)\./.exec(m.messageId)?.[1] ?? NaN),
    member: memberOf(m.body),
    at: m.at,
    reminder: !m.messageId.includes('.r0.'),
  })),
  ...line.accepted
    .filter((r) => r.path === '/v2/bot/message/push')
    .map((r) => ({
      channel: 'line' as const,
      key: r.retryKey!,
      alertId: Number(/abnormal=(\d+)/.exec(r.body.messages[0].text)?.[1] ?? NaN),
      member: memberOf(r.body.messages[0].text),
      at: r.at,
      reminder: r.body.messages[0].text.includes('Reminder'),
    })),
];

// The nurse acknowledges an alert once it reached all three channels.
const acknowledged = new Set<number>();
const acknowledging = new Set<number>();
let seen = 0;
async function acknowledgeArrived(): Promise<void> {
  const all = arrivals();
  if (all.length === seen) return;
  seen = all.length;
  const channels = new Map<number, Set<string>>();
  for (const a of all) channels.set(a.alertId, (channels.get(a.alertId) ?? new Set()).add(a.channel));
  const due = [...channels].filter(([id, c]) => c.size === 3 && !acknowledged.has(id) && !acknowledging.has(id)).map(([id]) => id);
  await Promise.all(
    due.map(async (id) => {
      acknowledging.add(id);
      try {
        const res = await fetch(`${url}/api/abnormal/acknowledge/${id}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ minutes: 10 }),
        });
        if (res.ok) acknowledged.add(id);
        await res.arrayBuffer();
      } catch {
        // The server is down (the crash): tried again on the next pass.
      } finally {
        acknowledging.delete(id);
      }
    }),
  );
}
let acking = true;
const acker = (async () => {
  while (acking) {
    await acknowledgeArrived();
    await sleep(250);
  }
})();

// ---------------------------------------------------------------- load, with a crash halfway

const BATCHES_PER_SECOND = 4;
const perBatch = PER_MINUTE / 60 / BATCHES_PER_SECOND;
const killAt = TOTAL / 2;
let next = 0;
let crash: { killedAt: number; restartMs: number } | undefined;
/** Every accepted ingestion request: when it was sent, how long the server took to answer, its size. */
const answered: { posted: number; ms: number; readings: number }[] = [];
const t0 = Date.now();
console.log(`raising ${TOTAL} high-priority alerts over ${MINUTES} min (${PER_MINUTE}/min), kill -9 after ${killAt} …`);
while (next < TOTAL) {
  const target = Math.min(TOTAL, Math.round(((Date.now() - t0) / 60_000) * PER_MINUTE) + Math.ceil(perBatch));
  const batch: number[] = [];
  while (next < target) batch.push(next++);
  if (batch.length) {
    // A gateway resends what the server did not accept (it is down or restarting).
    for (;;) {
      const posted = Date.now();
      const occur = Math.floor(posted / 1000) - BACKDATE_S;
      const ok = await fetch(`${url}/api/ingest/readings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-gateway-key': world.gatewayKey },
        body: JSON.stringify({
          readings: batch.map((i) => ({ serial: world.devices[i].serial, kind: 'sos', source: DataSource.watchB10_1m, occur_time: occur, values: {} })),
        }),
      })
        .then(async (r) => {
          await r.arrayBuffer();
          return r.ok;
        })
        .catch(() => false);
      if (ok) {
        for (const i of batch) acceptedAt.set(i + 1, posted);
        answered.push({ posted, ms: Date.now() - posted, readings: batch.length });
        break;
      }
      await sleep(250);
    }
  }
  if (!crash && next >= killAt) {
    // Let the last batches reach the worker mid-send, then kill.
    await sleep(300);
    const killedAt = Date.now();
    server!.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));
    crash = { killedAt, restartMs: await startServer() };
    console.log(`killed at ${((killedAt - t0) / 1000).toFixed(1)} s; restarted in ${crash.restartMs} ms`);
  }
  await sleep(1000 / BATCHES_PER_SECOND);
}
const loadSeconds = (Date.now() - t0) / 1000;
const firstAfterCrash = crash && answered.find((a) => a.posted > crash!.killedAt);
const ingestion = { p50: percentile(answered.map((a) => a.ms), 50), p99: percentile(answered.map((a) => a.ms), 99), firstAfterCrash };

// Wait for the rest (rows a killed worker held come back after their 60 s lease).
const expected = acceptedAt.size * 3;
const drainStart = Date.now();
while (Date.now() - drainStart < DRAIN_MS) {
  const unique = new Set(arrivals().filter((a) => !a.reminder).map((a) => `${a.channel}:${a.key}`)).size;
  if (unique >= expected && acknowledged.size >= acceptedAt.size) break;
  await sleep(1000);
}
acking = false;
await acker;

// ---------------------------------------------------------------- figures

const all = arrivals();
const firsts = new Map<string, Arrival>();
const twice = { push: 0, email: 0, line: 0 };
const reminders = { push: 0, email: 0, line: 0 };
for (const a of all) {
  if (a.reminder) {
    reminders[a.channel]++;
    continue;
  }
  const k = `${a.channel}:${a.key}`;
  if (firsts.has(k)) twice[a.channel]++;
  else firsts.set(k, a);
}
const byChannel = (channel: Arrival['channel']) => [...firsts.values()].filter((a) => a.channel === channel);
const afterCrash = (a: Arrival) => crash !== undefined && acceptedAt.get(a.member)! < crash.killedAt && a.at > crash.killedAt;
const results: Record<string, unknown> = {};
console.log(`\n${acceptedAt.size} alerts accepted in ${loadSeconds.toFixed(0)} s, ${expected} notifications expected`);
console.log(
  `ingestion answered p50 ${ms(ingestion.p50)}, p99 ${ms(ingestion.p99)}` +
    (firstAfterCrash ? `; the first request after the restart carried ${firstAfterCrash.readings} readings and took ${ms(firstAfterCrash.ms)}` : ''),
);
for (const channel of ['push', 'email', 'line'] as const) {
  const got = byChannel(channel);
  const latencies = got.filter((a) => acceptedAt.has(a.member)).map((a) => a.at - acceptedAt.get(a.member)!);
  const calm = got.filter((a) => acceptedAt.has(a.member) && !afterCrash(a)).map((a) => a.at - acceptedAt.get(a.member)!);
  const row = {
    received: got.length,
    lost: acceptedAt.size - got.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    p99WithoutCrashHeld: percentile(calm, 99),
    crashHeld: latencies.length - calm.length,
    twice: twice[channel],
    reminders: reminders[channel],
  };
  results[channel] = row;
  console.log(
    `${channel.padEnd(5)} received ${row.received}, lost ${row.lost}; accepted → leaving p50 ${ms(row.p50)}, p99 ${ms(row.p99)}, max ${ms(row.max)}` +
      ` (${row.crashHeld} held by the crash; p99 of the rest ${ms(row.p99WithoutCrashHeld)}); twice ${row.twice}; reminders ${row.reminders}`,
  );
}
// Where the slow ones sit in the run: p99 of every channel by the 10 s in which the alert was accepted.
const windows = new Map<number, number[]>();
for (const a of firsts.values()) {
  const at = acceptedAt.get(a.member);
  if (at === undefined) continue;
  const w = Math.floor((at - t0) / 10_000);
  windows.set(w, [...(windows.get(w) ?? []), a.at - at]);
}
const byWindow = [...windows].sort(([a], [b]) => a - b).map(([w, l]) => ({ from: w * 10, p99: percentile(l, 99), max: Math.max(...l) }));
console.log(`p99 by 10 s of load (all channels): ${byWindow.map((w) => `${w.from}s ${ms(w.p99)}`).join(', ')}`);
const lost = expected - firsts.size;
const twiceAll = twice.push + twice.email + twice.line;
console.log(`lost ${lost}; arrived twice at the peers (same idempotency key) ${twiceAll}; LINE retries answered 409 (already accepted, not delivered again) ${line.repeatedRetryKeys}`);
console.log(`acknowledged ${acknowledged.size} of ${acceptedAt.size}; push payloads refused by the receiver ${receiver.rejected.length}; LINE requests refused ${line.refused.length}`);

server!.kill('SIGTERM');
await new Promise((r) => server!.once('exit', r));
// What the outbox says once the server has stopped: nothing left behind, reminders none.
const after = await openDatabase(databaseOptions);
const statuses = await after.db.select({ status: notifyOutbox.status, n: count() }).from(notifyOutbox).groupBy(notifyOutbox.status);
const reminderRows = await after.db.select({ n: count() }).from(notifyOutbox).where(eq(notifyOutbox.repeat, 1));
await after.close();
const outbox = Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)]));
console.log(`outbox: ${JSON.stringify(outbox)}; reminder rows written ${reminderRows[0].n}`);

const p99ok = (['push', 'email', 'line'] as const).every((c) => (results[c] as { p99: number }).p99 <= 1000);
const verdict = lost === 0 && twiceAll === 0 && p99ok ? 'PASS' : 'FAIL';
console.log(`\n${verdict} (${ENGINE}): p99 ≤ 1 s on every channel ${p99ok ? 'yes' : 'no'}, 0 lost ${lost === 0 ? 'yes' : 'no'}, 0 sent twice ${twiceAll === 0 ? 'yes' : 'no'} (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`);
const outDir = join(root, 'bench/results');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, `notify-${ENGINE}.json`),
  JSON.stringify({ at: new Date().toISOString(), engine: ENGINE, minutes: MINUTES, cores: cpus().length, load: loadavg(), accepted: acceptedAt.size, expected, lost, twice, reminders, crash, ingestion, channels: results, byWindow, outbox, verdict }, null, 2),
);
await Promise.all([smtp.close(), receiver.close(), line.close()]);
rmSync(work, { recursive: true, force: true });
await scratch?.drop();
process.exit(verdict === 'PASS' ? 0 : 1);
