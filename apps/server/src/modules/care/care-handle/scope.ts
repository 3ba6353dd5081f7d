import { and, eq } from 'drizzle-orm';
import { CareHandleKind } from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import {
  careDiets,
  careEducations,
  careFollowUps,
  carePackageDoses,
  careScheduleOccurrences,
  careSymptoms,
  medicalRecords,
  readings,
} from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import { notFound } from '../../../http/errors.ts';
import { careScope } from '../care-common/record.ts';

const items = {
  [CareHandleKind.health]: careEducations,
  [CareHandleKind.follow]: careFollowUps,
  [CareHandleKind.schedule]: careScheduleOccurrences,
  [CareHandleKind.packageMedicine]: carePackageDoses,
  [CareHandleKind.symptom]: careSymptoms,
  [CareHandleKind.diet]: careDiets,
  [CareHandleKind.ecg]: readings,
  [CareHandleKind.medicalRecord]: medicalRecords,
};

/** The item a handle list is asked for must be in the caller's scope (else -7, as if absent). */
export async function assertItemInScope(db: Db, p: Principal, kind: CareHandleKind, id: number): Promise<void> {
  const table = items[kind];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), scopeCondition(p, careScope(table))));
  if (!row) throw notFound();
}
