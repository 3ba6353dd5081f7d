import type { ApiPermission } from '../schemas/auth.ts';
import { Resource } from './resources.ts';

/**
 * SMART on FHIR scopes (v2 syntax, `context/Type.rs`) and the API-group pairs each one stands for
 * (docs/fhir.md "Access"). Vigil signs in with its own sessions, not OAuth, so a scope is not
 * granted at a token endpoint: it is a name for a set of pairs, and an API group made of those
 * pairs gives an outside system exactly that scope. The tenant scope of the account (its
 * organisation, or area) still applies to every row.
 */
export const fhirResourceTypes = ['Patient', 'Observation', 'Device', 'Organization', 'DetectedIssue'] as const;
export type FhirResourceType = (typeof fhirResourceTypes)[number];

/** The bulk-export pairs: kick-off for a group or a patient, its status, its files, cancelling it. */
export const fhirExportPairs: readonly ApiPermission[] = [
  { method: 'GET', route: `${Resource.fhir}/Group/{id}/$export` },
  { method: 'GET', route: `${Resource.fhir}/Patient/{id}/$export` },
  { method: 'GET', route: `${Resource.fhir}/$export-status/{id}` },
  { method: 'DELETE', route: `${Resource.fhir}/$export-status/{id}` },
  { method: 'GET', route: `${Resource.fhir}/$export-file/{id}/{file}` },
];

const readPairs = (type: FhirResourceType): ApiPermission[] => [
  { method: 'GET', route: `${Resource.fhir}/${type}` },
  { method: 'GET', route: `${Resource.fhir}/${type}/{id}` },
];

const SCOPE = /^(patient|user|system)\/(\*|[A-Za-z]+)\.(r?s?|read)$/;

/**
 * The pairs a SMART scope grants, or null when the scope is not one Vigil serves. `r` (read) and
 * `s` (search) both need GET of the type and of one row, so either letter grants both; `read` is
 * the v1 spelling. `system/*` also grants bulk export: a system-level client is what `$export` is for.
 */
export function smartScopePairs(scope: string): ApiPermission[] | null {
  const match = SCOPE.exec(scope);
  if (!match || match[3] === '') return null;
  const [, context, type] = match;
  const types: readonly FhirResourceType[] = type === '*' ? fhirResourceTypes : fhirResourceTypes.filter((t) => t === type);
  if (types.length === 0) return null;
  const pairs = types.flatMap(readPairs);
  if (context === 'system' && type === '*') pairs.push(...fhirExportPairs);
  return pairs;
}
