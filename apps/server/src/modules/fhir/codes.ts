import type { Coding } from '@medplum/fhirtypes';
import type { PhysiologicalKind } from '@vigil/contracts';
import { readingKindCode } from '../../ingest/kinds.ts';

// Code systems and the code of every reading kind (docs/fhir.md "Codes"). LOINC and UCUM where
// FHIR's vital-signs profile names them; Vigil's own systems for the rest.

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

/**
 * Vigil's own code systems. URNs, not web addresses: they name Vigil's codes without promising a
 * page at some host, and docs/fhir.md lists every code of each.
 */
export const VigilSystem = {
  readingKind: 'urn:vigil:fhir:reading-kind',
  component: 'urn:vigil:fhir:reading-component',
  bloodSugarSegment: 'urn:vigil:fhir:blood-sugar-segment',
  ecgStatus: 'urn:vigil:fhir:ecg-status',
  abnormalType: 'urn:vigil:fhir:abnormal-type',
  handling: 'urn:vigil:fhir:handling',
  deviceType: 'urn:vigil:fhir:device-type',
  orgType: 'urn:vigil:fhir:org-type',
  deviceSerial: 'urn:vigil:fhir:device-serial',
} as const;

const VITAL_SIGNS_PROFILE = 'http://hl7.org/fhir/StructureDefinition/';

/** An Observation kind: the 17 physiological kinds, plus breathing rate read by sleep sensors. */
export type ObservationKind = PhysiologicalKind | 'respiratoryRate';

export type Quantity = { unit: string; code: string };
export type ObservationCode = {
  /** The storage code of the readings it is made from. */
  storage: number;
  category: 'vital-signs' | 'laboratory' | 'activity' | 'exam';
  /** Its codes, the one a profile requires first. */
  coding: Coding[];
  text: string;
  /** The vital-signs profile it conforms to, if any. */
  profile?: string;
  unit?: Quantity;
};

const loinc = (code: string, display: string): Coding => ({ system: LOINC, code, display });
const vigil = (code: string, display: string): Coding => ({ system: VigilSystem.readingKind, code, display });
const ucum = (code: string, unit = code): Quantity => ({ unit, code });

export const observationCodes: Record<ObservationKind, ObservationCode> = {
  heartRate: {
    storage: readingKindCode.heartRate,
    category: 'vital-signs',
    coding: [loinc('8867-4', 'Heart rate')],
    text: 'Heart rate',
    profile: `${VITAL_SIGNS_PROFILE}heartrate`,
    unit: ucum('/min', 'beats/minute'),
  },
  respiratoryRate: {
    storage: readingKindCode.bed,
    category: 'vital-signs',
    coding: [loinc('9279-1', 'Respiratory rate')],
    text: 'Respiratory rate',
    profile: `${VITAL_SIGNS_PROFILE}resprate`,
    unit: ucum('/min', 'breaths/minute'),
  },
  bodyTemperature: {
    storage: readingKindCode.bodyTemperature,
    category: 'vital-signs',
    coding: [loinc('8310-5', 'Body temperature')],
    text: 'Body temperature',
    profile: `${VITAL_SIGNS_PROFILE}bodytemp`,
    unit: ucum('Cel', 'C'),
  },
  // TW Core asks for both codes: 2708-6 (arterial, which FHIR's profile requires) and 59408-5 (by pulse oximetry).
  bloodOxygen: {
    storage: readingKindCode.bloodOxygen,
    category: 'vital-signs',
    coding: [
      loinc('2708-6', 'Oxygen saturation in Arterial blood'),
      loinc('59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry'),
    ],
    text: 'Oxygen saturation',
    profile: `${VITAL_SIGNS_PROFILE}oxygensat`,
    unit: ucum('%'),
  },
  bloodPressure: {
    storage: readingKindCode.bloodPressure,
    category: 'vital-signs',
    coding: [loinc('85354-9', 'Blood pressure panel with all children optional')],
    text: 'Blood pressure',
    profile: `${VITAL_SIGNS_PROFILE}bp`,
    unit: ucum('mm[Hg]', 'mmHg'),
  },
  weight: {
    storage: readingKindCode.weight,
    category: 'vital-signs',
    coding: [loinc('29463-7', 'Body weight')],
    text: 'Body weight',
    profile: `${VITAL_SIGNS_PROFILE}bodyweight`,
    unit: ucum('kg'),
  },
  // A glucometer's finger-prick reading with its meal segment, and a blood glucose reading.
  bloodSugar: {
    storage: readingKindCode.bloodSugar,
    category: 'laboratory',
    coding: [loinc('41653-7', 'Glucose [Mass/volume] in Capillary blood by Glucometer')],
    text: 'Blood sugar',
    unit: ucum('mg/dL'),
  },
  bloodGlucose: {
    storage: readingKindCode.bloodGlucose,
    category: 'laboratory',
    coding: [loinc('2339-0', 'Glucose [Mass/volume] in Blood')],
    text: 'Blood glucose',
    unit: ucum('mg/dL'),
  },
  ecg: {
    storage: readingKindCode.ecg,
    category: 'exam',
    coding: [vigil('ecg', 'ECG')],
    text: 'ECG',
    unit: ucum('/min', 'beats/minute'),
  },
  sleep: {
    storage: readingKindCode.sleep,
    category: 'activity',
    coding: [vigil('sleep', 'Sleep')],
    text: 'Sleep',
    unit: ucum('min'),
  },
  activity: {
    storage: readingKindCode.activity,
    category: 'activity',
    coding: [vigil('activity', 'Steps')],
    text: 'Steps',
    unit: ucum('{steps}', 'steps'),
  },
  sports: {
    storage: readingKindCode.sports,
    category: 'activity',
    coding: [vigil('sports', 'Exercise energy')],
    text: 'Exercise energy',
    unit: ucum('kcal'),
  },
  hrv: {
    storage: readingKindCode.hrv,
    category: 'exam',
    coding: [vigil('hrv', 'Heart rate variability')],
    text: 'Heart rate variability',
    unit: ucum('ms'),
  },
  cholesterol: {
    storage: readingKindCode.cholesterol,
    category: 'laboratory',
    coding: [vigil('cholesterol', 'Cholesterol')],
    text: 'Cholesterol',
    unit: ucum('mg/dL'),
  },
  uricAcid: {
    storage: readingKindCode.uricAcid,
    category: 'laboratory',
    coding: [vigil('uricAcid', 'Uric acid')],
    text: 'Uric acid',
    unit: ucum('mg/dL'),
  },
  urineOutput: {
    storage: readingKindCode.urineOutput,
    category: 'exam',
    coding: [vigil('urineOutput', 'Urine output')],
    text: 'Urine output',
    unit: ucum('mL'),
  },
  drinkingWater: {
    storage: readingKindCode.drinkingWater,
    category: 'exam',
    coding: [vigil('drinkingWater', 'Water drunk')],
    text: 'Water drunk',
    unit: ucum('mL'),
  },
  heartVessel: {
    storage: readingKindCode.heartVessel,
    category: 'exam',
    coding: [vigil('heartVessel', 'Vascular index')],
    text: 'Vascular index',
    unit: ucum('{index}', 'index'),
  },
};

export const observationKinds = Object.keys(observationCodes) as ObservationKind[];

/** Observation kind of a stored reading kind (bed readings are breathing rates). */
export const observationKindOf = new Map<number, ObservationKind>(
  observationKinds.map((k) => [observationCodes[k].storage, k]),
);

/** The blood pressure panel's components. */
export const SYSTOLIC = loinc('8480-6', 'Systolic blood pressure');
export const DIASTOLIC = loinc('8462-4', 'Diastolic blood pressure');

/** Which Observation kinds a `code` search token names; null when its system is not one Vigil uses. */
export function kindsOfToken(system: string | undefined, code: string | undefined): ObservationKind[] | null {
  if (system !== undefined && system !== LOINC && system !== VigilSystem.readingKind) return null;
  return observationKinds.filter((kind) =>
    observationCodes[kind].coding.some(
      (c) => (system === undefined || c.system === system) && (code === undefined || c.code === code),
    ),
  );
}
