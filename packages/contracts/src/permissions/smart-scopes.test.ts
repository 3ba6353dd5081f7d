import { describe, expect, it } from 'vitest';
import { apiCatalogue } from './catalogue.ts';
import { fhirExportPairs, smartScopePairs } from './smart-scopes.ts';

const keys = (scope: string) => smartScopePairs(scope)?.map((p) => `${p.method} ${p.route}`);

describe('SMART scopes as API-group pairs', () => {
  it('a type scope grants search and read of that type', () => {
    expect(keys('patient/Observation.rs')).toEqual(['GET /fhir/R4/Observation', 'GET /fhir/R4/Observation/{id}']);
    expect(keys('user/Patient.read')).toEqual(['GET /fhir/R4/Patient', 'GET /fhir/R4/Patient/{id}']);
  });

  it('system/*.rs grants every type and bulk export; patient/* does not export', () => {
    const system = keys('system/*.rs')!;
    expect(system).toHaveLength(5 * 2 + fhirExportPairs.length);
    expect(keys('patient/*.rs')!.some((k) => k.includes('$export'))).toBe(false);
  });

  it('every pair a scope grants is a route the server declares', () => {
    for (const pair of keys('system/*.rs')!) expect(apiCatalogue).toContain(pair);
  });

  it('scopes Vigil does not serve are refused', () => {
    expect(smartScopePairs('patient/Medication.rs')).toBeNull();
    expect(smartScopePairs('patient/Observation.cud')).toBeNull();
    expect(smartScopePairs('launch/patient')).toBeNull();
    expect(smartScopePairs('patient/Observation.')).toBeNull();
  });
});
