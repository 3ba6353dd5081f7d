import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { buildApp } from './app.ts';
import { ensureRoles } from './db/bootstrap.ts';
import { syncDefaultGroups } from './db/default-groups.ts';
import { ensureOperator } from './auth/operator.ts';
import { hasOrganisations, seedDemo } from './demo/seed.ts';
import { writeDemoFiles } from './demo/care-ii.ts';
import { seedDemoWeek } from './demo/week.ts';
import { seedDemoSecondFactor } from './demo/second-factor.ts';
import { startSimulator } from './demo/simulator/index.ts';

export type RunningServer = { app: FastifyInstance; database: Database; stop(): Promise<void> };

export function databaseOptions(config: Config) {
  return config.databaseUrl
    ? ({ kind: 'postgres', url: config.databaseUrl } as const)
    : ({ kind: 'pglite', dataDir: config.dataDir } as const);
}

/** Opens the database, migrates, prepares first-start data, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase(databaseOptions(config));
  await database.migrate();
  await ensureRoles(database.db);
  const app = await buildApp({ config, database });
  // A database made by an earlier version gets the pairs this version's defaults add (and drops
  // the ones they remove where an admin has not changed the group).
  await syncDefaultGroups(database.db, app.log);
  await prepareFirstStart(app, config, database);
  await app.listen({ port: config.port, host: config.host });
  // Live readings go through the real ingestion path, so alerts arrive as they would from devices.
  const simulator = config.demo && config.simulator ? startSimulator(app) : undefined;
  return {
    app,
    database,
    async stop() {
      simulator?.stop();
      await app.close();
      await database.close();
    },
  };
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
