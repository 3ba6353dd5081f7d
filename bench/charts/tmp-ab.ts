import { HEART_RATE_CHART_GAP_MS } from '../../packages/contracts/src/rules/chart.ts';
import { Role } from '../../packages/contracts/src/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { ensureRoles } from '../../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { staff as staffTable } from '../../apps/server/src/db/schema/index.ts';
import { createSeededDatabase, SOURCE } from './database.ts';
const seeded = await createSeededDatabase('postgres://postgres@127.0.0.1:5432/postgres');
const database = await openDatabase({ kind: 'postgres', url: seeded.url, poolSize: 4 });
await ensureRoles(database.db);
const config = testConfig({ webDist: '/nonexistent' });
const [admin] = await database.db.insert(staffTable).values({ orgId: seeded.orgId, role: Role.orgAdmin, account: `cb${Date.now() % 1e9}`, passwordHash: 'x', name: 'Chart bench' }).returning({ id: staffTable.id });
const token = await createSession(database.db, config, admin.id, {});
const app = await buildApp({ config, database });
await app.ready();
const range = { user_id: String(seeded.memberId), types: String(SOURCE), start_date: String(seeded.from), end_date: String(seeded.to) };
const week = `/api/physiologic/heart/rate/chart?${new URLSearchParams({ ...range, gap_seconds: String(HEART_RATE_CHART_GAP_MS / 1000) })}`;
const cheap = `/api/physiologic/heart/rate/chart?${new URLSearchParams({ ...range, start_date: String(seeded.to - 3600), gap_seconds: '60' })}`;
for (const [name, url] of [['week', week], ['hour', cheap], ['week', week], ['hour', cheap]]) {
  const call = () => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  for (let i = 0; i < 20; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < 300; i++) { const t0 = performance.now(); await call(); times.push(performance.now() - t0); }
  times.sort((a, b) => a - b);
  console.log(name, 'median', times[150].toFixed(2), 'p90', times[270].toFixed(2));
}
await app.close(); await database.close();
await seeded.drop();
process.exit(0);
