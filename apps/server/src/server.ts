import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { buildApp } from './app.ts';
import { ensureRoles } from './db/bootstrap.ts';
import { syncDefaultGroups } from './db/default-groups.ts';
import { syncDefaultSidebars } from './db/default-sidebars.ts';
import { ensureOperator } from './auth/operator.ts';
import { hasOrganisations, seedDemo } from './demo/seed.ts';
import { writeDemoFiles } from './demo/care-ii.ts';
import { seedDemoWeek } from './demo/week.ts';
import { seedDemoSecondFactor } from './demo/second-factor.ts';
import { startSimulator } from './demo/simulator/index.ts';
import { registerBackupRoute } from './db/tools/backup-route.ts';
import { liveServer, removeControl, writeControl, type ServerControl } from './db/tools/control-file.ts';

/** How long a stopping server lets requests under way finish (main.ts exits regardless after 10 s). */
const STOP_GRACE_MS = 5_000;

export type RunningServer = { app: FastifyInstance; database: Database; stop(): Promise<void> };

export function databaseOptions(config: Config) {
  return config.databaseUrl
    ? ({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize } as const)
    : ({ kind: 'pglite', dataDir: config.dataDir } as const);
}

/** Opens the database, migrates, prepares first-start data, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const embedded = !config.databaseUrl;
  const holder = embedded ? liveServer(config.dataDir) : undefined;
  // Two processes on one PGlite folder corrupt it: the second refuses before opening it.
  if (holder) throw new Error(`another Vigil server (process ${holder.pid}, port ${holder.port}) is running on ${config.dataDir}`);
  const database = await openDatabase(databaseOptions(config));
  await database.migrate();
  await ensureRoles(database.db);
  const app = await buildApp({ config, database });
  // A database made by an earlier version gets the pairs this version's defaults add (and drops
  // the ones they remove where an admin has not changed the group); role sidebars likewise.
  await syncDefaultGroups(database.db, app.log);
  await syncDefaultSidebars(database.db, app.log);
  await prepareFirstStart(app, config, database);
  let control: ServerControl | undefined;
  if (database.embedded) registerBackupRoute(app, database.embedded, () => control?.token);
  await app.listen({ port: config.port, host: config.host });
  if (embedded) control = writeControl(config.dataDir, listeningPort(app));
  announce(app, config);
  // Live readings go through the real ingestion path, so alerts arrive as they would from devices.
  const simulator = config.demo && config.simulator ? startSimulator(app) : undefined;
  return {
    app,
    database,
    async stop() {
      simulator?.stop();
      if (control) removeControl(config.dataDir, control);
      // Requests under way get a grace period; then every connection is closed. Node does not count
      // a connection that has sent no request yet as idle (a client's spare keep-alive socket), so
      // without this the close waited for its headers timeout, more than a minute.
      const grace = setTimeout(() => app.server.closeAllConnections(), STOP_GRACE_MS);
      await app.close();
      clearTimeout(grace);
      await database.close();
    },
  };
}

/** The first lines a person starting Vigil reads: where to open it, where its data is, how to sign in. */
function announce(app: FastifyInstance, config: Config): void {
  const port = listeningPort(app);
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`Vigil is ready: open http://${host}:${port}/ (API ${config.apiPrefix}, its documentation ${config.apiPrefix}/docs)`);
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    app.log.info(`database: PostgreSQL ${url.host}${url.pathname}`);
  } else {
    app.log.info(`database: embedded (PGlite) in ${resolve(config.dataDir)}; back it up with npm run db:backup, move it with npm run db:move`);
  }
  if (config.demo) app.log.info('demo accounts: orgadmin, orgstaff, manager, engineer … (one per role, see the README), password Demo1234');
}

function listeningPort(app: FastifyInstance): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** Demo mode seeds an empty database; otherwise an empty database gets its one operator account. */
async function prepareFirstStart(app: FastifyInstance, config: Config, database: Database): Promise<void> {
  if (config.demo) {
    // The demo's recordings and report live in the upload folder, which may be new even when the database is not.
    await writeDemoFiles(config.uploadDir);
    if (!(await hasOrganisations(database.db))) {
      await seedDemo(database.db);
      await seedDemoSecondFactor(database.db, await app.secretSealer());
      await seedDemoWeek(database.db, new Date());
      app.log.info('seeded the demo world and a week of readings (every demo account uses the password Demo1234; the operators\' authenticator secret is in the README)');
    }
    return;
  }
  const { created, secret } = await ensureOperator(database.db, config.adminPassword);
  if (!created) return;
  if (secret) {
    // Printed once, never stored in clear: whoever starts the server signs in with it and must change it.
    app.log.warn(`created the operator account "admin" with the one-time password ${secret} (change it at first sign-in)`);
  } else {
    app.log.info('created the operator account "admin" with ADMIN_PASSWORD');
  }
}
