import { Resource } from '@vigil/contracts';
import { readingKindCode } from '../../../ingest/kinds.ts';

/** The physiological list each summarised reading kind links to (the member's readings of that kind). */
const resourceOfKind: Record<number, string> = {
  [readingKindCode.heartRate]: Resource.heartRate,
  [readingKindCode.bloodPressure]: Resource.bloodPressure,
  [readingKindCode.bloodOxygen]: Resource.bloodOxygen,
  [readingKindCode.bodyTemperature]: Resource.bodyTemperature,
  [readingKindCode.bloodSugar]: Resource.bloodSugar,
  [readingKindCode.bloodGlucose]: Resource.bloodGlucose,
  [readingKindCode.activity]: Resource.activity,
  [readingKindCode.sports]: Resource.sports,
  [readingKindCode.weight]: Resource.weight,
  [readingKindCode.hrv]: Resource.hrv,
  [readingKindCode.cholesterol]: Resource.cholesterol,
  [readingKindCode.uricAcid]: Resource.uricAcid,
  [readingKindCode.urineOutput]: Resource.urineOutput,
  [readingKindCode.drinkingWater]: Resource.drinkingWater,
  [readingKindCode.heartVessel]: Resource.heartVessel,
};

export function summaryResource(kind: number): string {
  return resourceOfKind[kind] ?? Resource.heartRate;
}
