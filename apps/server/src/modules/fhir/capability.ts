import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import type { FhirKind } from './kind.ts';

type SearchParamType = 'token' | 'reference' | 'date' | 'string' | 'number';

/** The type of each search parameter a kind may declare. */
const paramTypes: Record<string, SearchParamType> = {
  patient: 'reference',
  subject: 'reference',
  organization: 'reference',
  code: 'token',
  identifier: 'token',
  date: 'date',
  identified: 'date',
  _id: 'token',
  _lastUpdated: 'date',
};

/**
 * The CapabilityStatement of /fhir/R4/metadata, built from the served kinds themselves so it lists
 * exactly what the routes do: read and search of each type, its parameters, and bulk export.
 */
export function capabilityStatement(
  kinds: readonly FhirKind<unknown>[],
  base: string,
  exportTypes: readonly string[],
): CapabilityStatement {
  const resource = kinds.map((kind): CapabilityStatementRestResource => ({
    type: kind.type,
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    searchParam: ['_id', '_lastUpdated', ...kind.params].map((name) => ({
      name,
      type: paramTypes[name] ?? 'string',
    })),
    ...(exportTypes.includes(kind.type)
      ? {
          operation: [
            {
              name: 'export',
              definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/patient-export',
            },
          ],
        }
      : {}),
  }));
  resource.push({
    type: 'Group',
    operation: [
      { name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export' },
    ],
  });
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-27',
    kind: 'instance',
    software: { name: 'Vigil' },
    implementation: { description: 'Vigil care-monitoring console', url: base },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        security: {
          description:
            "Bearer token of a Vigil session (POST /login). Each call needs its pair in the account's API group; SMART scopes map onto those pairs (docs/fhir.md). Rows are limited to the account's organisation or area.",
        },
        resource,
      },
    ],
  };
}
