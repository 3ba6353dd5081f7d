import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import { scopeCondition } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { memberScope } from '../members/member/rows.ts';
import { fhirNotFound } from './outcome.ts';
import { referenceId, type SearchParams } from './search.ts';

/**
 * The member a `patient` parameter names, checked against the caller's scope: a patient of
 * another organisation is unknown here (404), so a search never even says whether it exists.
 */
export async function patientParam(db: Db, p: Principal, params: SearchParams): Promise<number | undefined> {
  const value = params.get('patient')?.[0];
  if (value === undefined) return undefined;
  const id = referenceId(value, 'Patient', 'patient');
  const [found] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, id), scopeCondition(p, memberScope)));
  if (!found) throw fhirNotFound(`Patient/${id}`);
  return id;
}
