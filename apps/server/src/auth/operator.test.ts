import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrgType, Role } from '@vigil/contracts';
import type { Database } from '../db/client.ts';
import { orgs, staff } from '../db/schema/index.ts';
import { OPERATOR_ORG_NAME, ensureOperator } from './operator.ts';
import { verifyPassword } from './password.ts';
import { openTestDatabase } from '../../test/realtime.ts';

// First start is driver-independent logic on an empty database: one fresh embedded database proves it.
describe.skipIf(process.env.VIGIL_TEST_DB === 'postgres')('first start without the demo', () => {
  let database: Database;
  beforeAll(async () => {
    // Migrated with its roles and nothing else: global-setup's dump of such a database.
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('creates the operator organisation and an engineer `admin` with a one-time secret, once', async () => {
    const { created, secret } = await ensureOperator(database.db, undefined);
    expect(created).toBe(true);
    expect(secret).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{16}$/);
    const [admin] = await database.db.select().from(staff).where(eq(staff.account, 'admin'));
    expect(admin).toMatchObject({ role: Role.engineer, passwordChangedAt: null, enabled: true });
    expect(await verifyPassword(admin.passwordHash, secret!)).toBe(true);
    const [org] = await database.db.select().from(orgs).where(eq(orgs.id, admin.orgId));
    expect(org).toMatchObject({ name: OPERATOR_ORG_NAME, type: OrgType.manage });

    expect(await ensureOperator(database.db, 'Another123')).toEqual({ created: false });
    expect(await database.db.select().from(staff)).toHaveLength(1);
  });
});
