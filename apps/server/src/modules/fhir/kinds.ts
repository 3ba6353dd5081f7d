import { detectedIssueKind } from './detected-issue.ts';
import { deviceKind } from './device.ts';
import type { FhirKind } from './kind.ts';
import { observationKind } from './observation.ts';
import { organizationKind } from './organization.ts';
import { patientKind } from './patient.ts';

/** Every type served, in the CapabilityStatement's (and an export's) order. */
export const fhirKinds: readonly FhirKind<unknown>[] = [
  patientKind,
  observationKind,
  deviceKind,
  organizationKind,
  detectedIssueKind,
] as FhirKind<unknown>[];
