/**
 * npm run bench:chaos: what ingestion and alert delivery lose when their dependencies fail.
 *
 * Everything runs on its own: a PostgreSQL cluster initialised by this script (Debian's binaries,
 * its own port and data folder, never the shared server on 5432), its own redis-server and its own
 * mosquitto on free ports, and Vigil instances started as child processes (`node --import tsx
 * apps/server/src/main.ts`) so they can be killed for real.
 *
 * 1. kill -9 of the server during HTTP and MQTT ingestion, then a restart: senders retry what was
 *    not acknowledged (as gateways do); every acknowledged reading must be stored, none twice.
 * 2. PostgreSQL restarted (pg_ctl restart -m fast) during HTTP ingestion: the server must reconnect
 *    by itself, ingestion resume, and the outage answer 503 (retry), never a burst of 500s.
 * 3. Redis stopped for 10 s with two instances: a staff socket on each; alerts raised on A during
 *    the outage must reach A's socket at once (local delivery) and B's socket after Redis is back.
 * 4. Mosquitto restarted: the MQTT bridge must reconnect and resubscribe, and readings published
 *    after the restart be acknowledged.
 *
 * Prints each scenario's figures and a verdict, writes them to bench/results/chaos.json.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { DataSource, DeviceType, Role } from '../../packages/contracts/src/index.ts';
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { staff as staffTable } from '../../apps/server/src/db/schema/index.ts';
import { seedIngestWorld } from '../../apps/server/src/ingest/fixtures.ts';
import { freePort } from '../common.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const mainTs = join(root, 'apps/server/src/main.ts');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const children = new Set<ChildProcess>();
const cleanups: (() => void)[] = [];

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

// ---------------------------------------------------------------- infrastructure of its own

const work = mkdtempSync(join(tmpdir(), 'vigil-chaos-'));
cleanups.push(() => rmSync(work, { recursive: true, force: true }));
const pgVersion = readdirSync('/usr/lib/postgresql').sort().at(-1);
if (!pgVersion) throw new Error("Debian's PostgreSQL binaries (/usr/lib/postgresql/*/bin) are needed");
const pgBin = (name: string) => `/usr/lib/postgresql/${pgVersion}/bin/${name}`;
const pgData = join(work, 'pg');
const pgPort = await freePort();
const asPostgres = process.getuid?.() === 0;
/** PostgreSQL refuses to run as root: its own binaries run as the postgres user then. */
function pgRun(name: string, args: string[]): void {
  const [cmd, cmdArgs] = asPostgres ? ['runuser', ['-u', 'postgres', '--', pgBin(name), ...args]] : [pgBin(name), args];
  execFileSync(cmd, cmdArgs, { stdio: 'pipe' });
}
mkdirSync(pgData, { mode: 0o700 });
if (asPostgres) {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
  chownSync(work, uid, gid);
  chownSync(pgData, uid, gid);
}
/** The same, without blocking this process (its senders keep sending while PostgreSQL restarts). */
function pgRunAsync(name: string, args: string[]): Promise<void> {
  const [cmd, cmdArgs] = asPostgres ? ['runuser', ['-u', 'postgres', '--', pgBin(name), ...args]] : [pgBin(name), args];
  return new Promise((resolve, reject) => {
    spawn(cmd, cmdArgs, { stdio: 'ignore' }).once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}`))));
  });
}
pgRun('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
const pgCtlArgs = (action: string, extra: string[]) => [action, '-D', pgData, '-w', '-t', '60', '-l', join(work, 'pg.log'), '-o', `-p ${pgPort} -k ${work} -c listen_addresses=127.0.0.1`, ...extra];
const pgCtl = (action: string, extra: string[] = []) => pgRun('pg_ctl', pgCtlArgs(action, extra));
pgCtl('start');
cleanups.push(() => {
  try {
    pgCtl('stop', ['-m', 'immediate']);
  } catch {
    /* already stopped */
  }
});
const adminUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query('create database vigil');
await admin.end();
const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/vigil`;

const redisPort = await freePort();
const startRedis = () => track(spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' }));
let redis = startRedis();

const mqttPort = await freePort();
const mosquittoConf = join(work, 'mosquitto.conf');
writeFileSync(mosquittoConf, `listener ${mqttPort} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
const startBroker = () => track(spawn('/usr/sbin/mosquitto', ['-c', mosquittoConf], { stdio: 'ignore' }));
let broker = startBroker();

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
function stopAll(): void {
  for (const child of children) child.kill('SIGKILL');
  for (const clean of cleanups.reverse()) clean();
}
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

// ---------------------------------------------------------------- Vigil instances

type Instance = { child: ChildProcess; url: string; port: number };
async function startInstance(options: { redis?: boolean; mqtt?: boolean; port?: number } = {}): Promise<Instance> {
  const port = options.port ?? (await freePort());
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', mainTs], {
      cwd: join(root, 'apps/server'),
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        DEMO: 'false',
        ADMIN_PASSWORD: 'Chaos1234',
        WEB_DIST: '/nonexistent',
        ...(options.redis ? { REDIS_URL: `redis://127.0.0.1:${redisPort}` } : {}),
        ...(options.mqtt ? { MQTT_URL: `mqtt://127.0.0.1:${mqttPort}` } : {}),
      },
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`Vigil on ${port}`, async () => (await fetch(`${url}/api/health`)).ok, 120_000);
  return { child, url, port };
}

// The first instance migrates the database; the script then seeds its own world through it.
console.log(`PostgreSQL ${pgVersion} on ${pgPort}, redis on ${redisPort}, mosquitto on ${mqttPort}; ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`);
let server = await startInstance({ mqtt: true });
const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
const world = await seedIngestWorld(database.db, { members: 100, deviceType: DeviceType.watchB10, orgName: 'Chaos care' });
const config = testConfig({});
const [staffA, staffB] = await database.db
  .insert(staffTable)
  .values([0, 1].map((i) => ({ orgId: world.org.id, role: Role.orgStaff, account: `chaos${i}`, passwordHash: 'x', name: `Chaos ${i}` })))
  .returning({ id: staffTable.id });
const tokens = [await createSession(database.db, config, staffA.id, {}), await createSession(database.db, config, staffB.id, {})];
const devices = world.devices;
const results: Record<string, unknown> = {};
let clock = Math.floor(Date.now() / 1000) - 6 * 3600; // readings in the recent past, one second apart per sender

// ---------------------------------------------------------------- senders

type Reading = { serial: string; kind: 'heartRate'; source: number; occur_time: number; values: { value: number } };
type Ack = { status: number | 'refused' };
const statuses = new Map<string, number>();
const countStatus = (s: number | 'refused') => statuses.set(String(s), (statuses.get(String(s)) ?? 0) + 1);

/** HTTP gateway: one batch at a time, the same batch again until it is acknowledged. */
function httpSender(urlOf: () => string, devicesUsed: typeof devices, value = () => 70) {
  const acked: Reading[] = [];
  let running = true;
  let retries = 0;
  const done = (async () => {
    while (running) {
      clock += 1;
      const batch: Reading[] = devicesUsed.map((d) => ({ serial: d.serial, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: clock, values: { value: value() } }));
      for (;;) {
        let ack: Ack;
        try {
          const res = await fetch(`${urlOf()}/api/ingest/readings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-gateway-key': world.gatewayKey },
            body: JSON.stringify({ readings: batch }),
            signal: AbortSignal.timeout(5000),
          });
          await res.arrayBuffer();
          ack = { status: res.status };
        } catch {
          ack = { status: 'refused' };
        }
        countStatus(ack.status);
        if (ack.status === 200) {
          acked.push(...batch);
          break;
        }
        retries += 1;
        await sleep(200);
      }
      await sleep(50);
    }
  })();
  return {
    acked,
    get retries() {
      return retries;
    },
    async stop() {
      running = false;
      await done;
    },
  };
}

/** MQTT devices: each message carries an id; the server's ack (on …/ack) settles it; no ack in 3 s: published again. */
async function mqttSender(devicesUsed: typeof devices) {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { reconnectPeriod: 500, clientId: `chaos-devices-${process.pid}` });
  await client.subscribeAsync(`vigil/${world.org.id}/devices/+/ack`, { qos: 1 });
  const pending = new Map<string, { topic: string; payload: string; readings: Reading[]; sentAt: number }>();
  const acked: Reading[] = [];
  let republished = 0;
  let firstAckAfter: number | null = null;
  let watchFrom = 0;
  client.on('message', (_topic, payload) => {
    const body = JSON.parse(payload.toString()) as { id?: string; data?: { accepted: number; duplicates: number } };
    const entry = body.id ? pending.get(body.id) : undefined;
    if (!entry || !body.data) return;
    pending.delete(body.id!);
    acked.push(...entry.readings);
    if (watchFrom && firstAckAfter === null && entry.sentAt >= watchFrom) firstAckAfter = Date.now() - watchFrom;
  });
  let running = true;
  let seq = 0;
  const done = (async () => {
    while (running) {
      clock += 1;
      for (const d of devicesUsed) {
        const id = `m${++seq}`;
        const readings: Reading[] = [{ serial: d.serial, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: clock, values: { value: 72 } }];
        const topic = `vigil/${world.org.id}/devices/${d.serial}/readings`;
        const payload = JSON.stringify({ id, key: world.gatewayKey, readings: readings.map(({ serial: _s, ...r }) => r) });
        pending.set(id, { topic, payload, readings, sentAt: Date.now() });
        client.publish(topic, payload, { qos: 1 });
      }
      for (const entry of pending.values()) {
        if (Date.now() - entry.sentAt > 3000) {
          entry.sentAt = Date.now();
          republished += 1;
          client.publish(entry.topic, entry.payload, { qos: 1 });
        }
      }
      await sleep(250);
    }
  })();
  return {
    acked,
    pending,
    get republished() {
      return republished;
    },
    /** From now, how long until a message published after this moment is acknowledged. */
    watch() {
      watchFrom = Date.now();
      firstAckAfter = null;
    },
    get firstAckAfter() {
      return firstAckAfter;
    },
    async stop(drainMs = 30_000) {
      running = false;
      await done;
      const started = Date.now();
      while (pending.size > 0 && Date.now() - started < drainMs) {
        for (const entry of pending.values()) {
          if (Date.now() - entry.sentAt > 3000) {
            entry.sentAt = Date.now();
            republished += 1;
            client.publish(entry.topic, entry.payload, { qos: 1 });
          }
        }
        await sleep(250);
      }
      await client.endAsync();
    },
  };
}

/** Acknowledged readings missing from the database, and readings stored more than once. */
async function verify(acked: Reading[]): Promise<{ acked: number; lost: number; duplicates: number }> {
  const serials = new Map(devices.map((d) => [d.serial, d.id]));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ device_id: number; t: string; n: string }>(
    `select device_id, extract(epoch from occur_time)::bigint as t, count(*) as n from readings where org_id = $1 and kind = 0 group by 1, 2`,
    [world.org.id],
  );
  await client.end();
  const stored = new Map(rows.map((r) => [`${r.device_id}:${r.t}`, Number(r.n)]));
  let lost = 0;
  for (const r of acked) if (!stored.has(`${serials.get(r.serial)}:${r.occur_time}`)) lost += 1;
  const duplicates = rows.reduce((sum, r) => sum + Number(r.n) - 1, 0);
  return { acked: acked.length, lost, duplicates };
}

function report(name: string, figures: Record<string, unknown>, ok: boolean): void {
  results[name] = { ...figures, verdict: ok ? 'PASS' : 'FAIL' };
  console.log(`\n${name}: ${ok ? 'PASS' : 'FAIL'}`);
  for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(34)} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
}

// ---------------------------------------------------------------- 1. kill -9 during ingestion

{
  statuses.clear();
  const http = httpSender(() => server.url, devices.slice(0, 50));
  const devicesOverMqtt = await mqttSender(devices.slice(50, 60));
  await sleep(4000);
  const killedAt = Date.now();
  server.child.kill('SIGKILL');
  await new Promise((r) => server.child.once('exit', r));
  server = await startInstance({ mqtt: true, port: server.port });
  const downMs = Date.now() - killedAt;
  await sleep(4000);
  await http.stop();
  await devicesOverMqtt.stop();
  const httpFigures = await verify(http.acked);
  const mqttFigures = await verify(devicesOverMqtt.acked);
  report(
    'kill -9 during HTTP and MQTT ingestion',
    {
      'server down (kill → healthy again)': `${(downMs / 1000).toFixed(1)} s`,
      'HTTP readings acknowledged': httpFigures.acked,
      'HTTP acknowledged, lost': httpFigures.lost,
      'HTTP batches retried': http.retries,
      'MQTT readings acknowledged': mqttFigures.acked,
      'MQTT acknowledged, lost': mqttFigures.lost,
      'MQTT messages published again': devicesOverMqtt.republished,
      'MQTT never acknowledged': devicesOverMqtt.pending.size,
      'readings stored twice': httpFigures.duplicates,
      'HTTP answers': Object.fromEntries(statuses),
    },
    httpFigures.lost === 0 && mqttFigures.lost === 0 && httpFigures.duplicates === 0 && devicesOverMqtt.pending.size === 0,
  );
}

// ---------------------------------------------------------------- 2. PostgreSQL restarted

{
  statuses.clear();
  const http = httpSender(() => server.url, devices.slice(0, 50));
  await sleep(3000);
  const before = http.acked.length;
  const restartAt = Date.now();
  await pgRunAsync('pg_ctl', pgCtlArgs('restart', ['-m', 'fast']));
  const pgBackMs = Date.now() - restartAt;
  const resumedMs = await waitFor('ingestion to resume', async () => http.acked.length > before + 100, 60_000).then((ms) => ms + pgBackMs);
  await sleep(3000);
  await http.stop();
  const figures = await verify(http.acked);
  const fiveHundreds = statuses.get('500') ?? 0;
  report(
    'PostgreSQL restarted during ingestion',
    {
      'PostgreSQL down (restart -m fast)': `${(pgBackMs / 1000).toFixed(1)} s`,
      'restart → ingestion acknowledged again': `${(resumedMs / 1000).toFixed(1)} s`,
      'readings acknowledged': figures.acked,
      'acknowledged, lost': figures.lost,
      'readings stored twice': figures.duplicates,
      'HTTP answers': Object.fromEntries(statuses),
      'answers 500': fiveHundreds,
    },
    figures.lost === 0 && figures.duplicates === 0 && fiveHundreds === 0,
  );
}

// ---------------------------------------------------------------- 3. Redis stopped for 10 s, two instances

{
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  const [a, b] = await Promise.all([startInstance({ redis: true }), startInstance({ redis: true })]);
  const received = { a: new Set<number>(), b: new Set<number>() };
  const connect = (inst: Instance, token: string, into: Set<number>) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(`${inst.url}/staff`, { transports: ['websocket'], auth: { token }, forceNew: true, timeout: 5000 });
      socket.on('abnormal', (p: { id: number }) => into.add(p.id));
      socket.once('login', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const sockets = [await connect(a, tokens[0], received.a), await connect(b, tokens[1], received.b)];
  let next = 60;
  /** One device sends 165 bpm: its rule raises one alert, on instance A. */
  async function raiseAlert(): Promise<void> {
    clock += 1;
    const d = devices[next++];
    const res = await fetch(`${a.url}/api/ingest/readings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-gateway-key': world.gatewayKey },
      body: JSON.stringify({ readings: [{ serial: d.serial, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: Math.floor(Date.now() / 1000) - 5, values: { value: 165 } }] }),
    });
    await res.arrayBuffer();
  }
  const alertIds = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const { rows } = await c.query<{ id: number }>('select id from abnormal_events where org_id = $1', [world.org.id]);
    await c.end();
    return new Set(rows.map((r) => r.id));
  };
  await raiseAlert();
  await waitFor('the first alert on both sockets', async () => received.a.size === 1 && received.b.size === 1, 10_000);

  redis.kill('SIGTERM');
  await new Promise((r) => redis.once('exit', r));
  const outageStart = Date.now();
  const before = await alertIds();
  for (let i = 0; i < 5; i++) {
    await raiseAlert();
    await sleep(1000);
  }
  const during = [...(await alertIds())].filter((id) => !before.has(id));
  const localDuring = during.filter((id) => received.a.has(id)).length;
  const onBDuring = during.filter((id) => received.b.has(id)).length;
  await sleep(Math.max(0, 10_000 - (Date.now() - outageStart)));
  redis = startRedis();
  const redisBack = Date.now();
  let caughtUpMs: number | null = null;
  try {
    caughtUpMs = await waitFor('B to catch up', async () => during.every((id) => received.b.has(id)), 30_000);
  } catch {
    caughtUpMs = null;
  }
  await raiseAlert();
  const after = [...(await alertIds())].filter((id) => !before.has(id) && !during.includes(id));
  await waitFor('the alert after the outage on both sockets', async () => after.every((id) => received.a.has(id) && received.b.has(id)), 15_000).catch(() => 0);
  const afterBoth = after.filter((id) => received.a.has(id) && received.b.has(id)).length;
  for (const s of sockets) s.disconnect();
  report(
    'Redis stopped for 10 s, two instances',
    {
      'alerts raised on A during the outage': during.length,
      'delivered to A’s socket (local)': `${localDuring}/${during.length}`,
      'delivered to B’s socket during the outage': `${onBDuring}/${during.length}`,
      'caught up on B after Redis is back': `${during.filter((id) => received.b.has(id)).length}/${during.length}`,
      'Redis back → B caught up': caughtUpMs === null ? 'never' : `${(caughtUpMs / 1000).toFixed(1)} s (since Redis started again ${((Date.now() - redisBack) / 1000).toFixed(1)} s ago)`,
      'alerts after the outage on both sockets': `${afterBoth}/${after.length}`,
    },
    during.length === 5 && localDuring === 5 && caughtUpMs !== null && afterBoth === after.length,
  );
  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
  await Promise.all([a, b].map((inst) => new Promise((r) => inst.child.once('exit', r))));
}

// ---------------------------------------------------------------- 4. broker restarted

{
  server = await startInstance({ mqtt: true });
  const devicesOverMqtt = await mqttSender(devices.slice(70, 80));
  await sleep(3000);
  broker.kill('SIGTERM');
  await new Promise((r) => broker.once('exit', r));
  await sleep(2000);
  broker = startBroker();
  const brokerBack = Date.now();
  devicesOverMqtt.watch();
  await waitFor('a reading published after the restart to be acknowledged', async () => devicesOverMqtt.firstAckAfter !== null, 60_000).catch(() => 0);
  const resubscribedMs = devicesOverMqtt.firstAckAfter;
  await sleep(3000);
  await devicesOverMqtt.stop();
  const figures = await verify(devicesOverMqtt.acked);
  report(
    'MQTT broker restarted',
    {
      'broker down': '2.0 s',
      'broker back → first new reading acknowledged': resubscribedMs === null ? 'never' : `${(resubscribedMs / 1000).toFixed(1)} s`,
      'readings acknowledged': figures.acked,
      'acknowledged, lost': figures.lost,
      'messages published again': devicesOverMqtt.republished,
      'never acknowledged': devicesOverMqtt.pending.size,
      'readings stored twice': figures.duplicates,
      'broker restarted at': new Date(brokerBack).toISOString(),
    },
    resubscribedMs !== null && figures.lost === 0 && devicesOverMqtt.pending.size === 0,
  );
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
}

await database.close();
const outDir = join(root, 'bench/results');
if (!existsSync(outDir)) mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'chaos.json'), JSON.stringify({ at: new Date().toISOString(), cores: cpus().length, load: loadavg(), results }, null, 2));
const failed = Object.values(results).filter((r) => (r as { verdict: string }).verdict !== 'PASS').length;
console.log(`\n${Object.keys(results).length - failed} of ${Object.keys(results).length} scenarios passed (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`);
process.exit(failed ? 1 : 0);
