import { labelKeys } from './label-key.ts';

/** SPEC §3: meals (diet management). */
export const Meal = { breakfast: 0, lunch: 1, dinner: 2, midnightSnack: 3, snack: 4 } as const;
export type Meal = (typeof Meal)[keyof typeof Meal];
export const mealLabelKey = labelKeys('meal', Meal);

/** SPEC §3: medication type. */
export const MedicationType = { western: 0, chinese: 1 } as const;
export type MedicationType = (typeof MedicationType)[keyof typeof MedicationType];
export const medicationTypeLabelKey = labelKeys('medicationType', MedicationType);

/** SPEC §3: prescription type. */
export const PrescriptionType = { general: 0, continuous: 1, other: 2 } as const;
export type PrescriptionType = (typeof PrescriptionType)[keyof typeof PrescriptionType];
export const prescriptionTypeLabelKey = labelKeys('prescriptionType', PrescriptionType);

/** SPEC §3: outpatient visit (opd) type. */
export const OutpatientType = { general: 0, video: 1 } as const;
export type OutpatientType = (typeof OutpatientType)[keyof typeof OutpatientType];
export const outpatientTypeLabelKey = labelKeys('outpatientType', OutpatientType);

/** SPEC §3: consultation period of an outpatient visit. */
export const ConsultationPeriod = { morning: 0, afternoon: 1, evening: 2 } as const;
export type ConsultationPeriod = (typeof ConsultationPeriod)[keyof typeof ConsultationPeriod];
export const consultationPeriodLabelKey = labelKeys('consultationPeriod', ConsultationPeriod);

/** SPEC §3: digital stethoscope chest-piece mode. */
export const StethoscopeMode = { clockFace: 0, membrane: 1, fullFrequencyMembrane: 2 } as const;
export type StethoscopeMode = (typeof StethoscopeMode)[keyof typeof StethoscopeMode];
export const stethoscopeModeLabelKey = labelKeys('stethoscopeMode', StethoscopeMode);

/** SPEC §3: pain type (symptom care). */
export const PainType = {
  soreness: 0,
  cramping: 1,
  numbness: 2,
  distended: 3,
  tender: 4,
  heavy: 5,
  sharp: 6,
  burning: 7,
} as const;
export type PainType = (typeof PainType)[keyof typeof PainType];
export const painTypeLabelKey = labelKeys('painType', PainType);

/** SPEC §3: health education type (numbering is Vigil's; SPEC gives the order only). */
export const EducateType = { psychological: 0, physiological: 1, medication: 2, other: 3 } as const;
export type EducateType = (typeof EducateType)[keyof typeof EducateType];
export const educateTypeLabelKey = labelKeys('educateType', EducateType);

/** SPEC §3/§4: handle state of a care item or an abnormal event. */
export const HandleState = { notProcessed: 0, processed: 1 } as const;
export type HandleState = (typeof HandleState)[keyof typeof HandleState];
export const handleStateLabelKey = labelKeys('handleState', HandleState);

/** SPEC §3/§4: medication delivery order state (transitions are not specified). */
export const DeliveryOrderState = {
  receive: 0,
  repairOrSupplement: 1,
  reject: 2,
  arranged: 3,
  giveUp: 4,
  finish: 5,
  submitted: 6,
  processing: 7,
  pickup: 8,
} as const;
export type DeliveryOrderState = (typeof DeliveryOrderState)[keyof typeof DeliveryOrderState];
export const deliveryOrderStateLabelKey = labelKeys('deliveryOrderState', DeliveryOrderState);

/** SPEC §3: medication delivery type. */
export const DeliveryType = { regular: 0, repeatPrescription: 1 } as const;
export type DeliveryType = (typeof DeliveryType)[keyof typeof DeliveryType];
export const deliveryTypeLabelKey = labelKeys('deliveryType', DeliveryType);

/* Care records I (docs/care.md): the codes SPEC does not show, numbered by Vigil. */

/** Who a health education was given to. */
export const EducateRecipient = { member: 0, family: 1, caregiver: 2, memberAndFamily: 3 } as const;
export type EducateRecipient = (typeof EducateRecipient)[keyof typeof EducateRecipient];
export const educateRecipientLabelKey = labelKeys('educateRecipient', EducateRecipient);

/** How a health education was given. */
export const EducateMethod = { verbal: 0, demonstration: 1, printed: 2, video: 3, other: 4 } as const;
export type EducateMethod = (typeof EducateMethod)[keyof typeof EducateMethod];
export const educateMethodLabelKey = labelKeys('educateMethod', EducateMethod);

/** The teach-back result of a health education (衛教成效). */
export const EducateUnderstanding = { understood: 0, partly: 1, notUnderstood: 2, unableToAssess: 3 } as const;
export type EducateUnderstanding = (typeof EducateUnderstanding)[keyof typeof EducateUnderstanding];
export const educateUnderstandingLabelKey = labelKeys('educateUnderstanding', EducateUnderstanding);

/** How a member travels to a follow-up visit. */
export const FollowUpTransport = {
  familyCar: 0,
  homeVehicle: 1,
  taxi: 2,
  accessibleTransport: 3,
  ambulance: 4,
  other: 5,
} as const;
export type FollowUpTransport = (typeof FollowUpTransport)[keyof typeof FollowUpTransport];
export const followUpTransportLabelKey = labelKeys('followUpTransport', FollowUpTransport);

/** Who accompanies a member to a follow-up visit. */
export const FollowUpCompanion = { family: 0, staff: 1, caregiver: 2, none: 3 } as const;
export type FollowUpCompanion = (typeof FollowUpCompanion)[keyof typeof FollowUpCompanion];
export const followUpCompanionLabelKey = labelKeys('followUpCompanion', FollowUpCompanion);

/** The service a schedule plans. */
export const CareService = {
  bathing: 0,
  rehabilitation: 1,
  woundCare: 2,
  tubeCare: 3,
  oralCare: 4,
  repositioning: 5,
  vitalSigns: 6,
  hairAndNailCare: 7,
  activity: 8,
  other: 9,
} as const;
export type CareService = (typeof CareService)[keyof typeof CareService];
export const careServiceLabelKey = labelKeys('careService', CareService);

/** How a service schedule repeats. */
export const ScheduleRepeat = { once: 0, daily: 1, weekly: 2 } as const;
export type ScheduleRepeat = (typeof ScheduleRepeat)[keyof typeof ScheduleRepeat];
export const scheduleRepeatLabelKey = labelKeys('scheduleRepeat', ScheduleRepeat);

/** Days of the week as the device schedules number them: 0 Sunday … 6 Saturday. */
export const Weekday = { sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6 } as const;
export type Weekday = (typeof Weekday)[keyof typeof Weekday];
export const weekdayLabelKey = labelKeys('weekday', Weekday);

/** The form of a medicine in the catalogue. */
export const DosageForm = {
  tablet: 0,
  capsule: 1,
  powder: 2,
  liquid: 3,
  injection: 4,
  topical: 5,
  inhaler: 6,
  patch: 7,
  drops: 8,
  suppository: 9,
  other: 10,
} as const;
export type DosageForm = (typeof DosageForm)[keyof typeof DosageForm];
export const dosageFormLabelKey = labelKeys('dosageForm', DosageForm);

/** Taiwan's Controlled Drugs Act schedule of a medicine; 0 is not controlled. */
export const ControlledLevel = { none: 0, level1: 1, level2: 2, level3: 3, level4: 4 } as const;
export type ControlledLevel = (typeof ControlledLevel)[keyof typeof ControlledLevel];
export const controlledLevelLabelKey = labelKeys('controlledLevel', ControlledLevel);

/** Route of administration of a medication package. */
export const MedicationRoute = {
  oral: 0,
  sublingual: 1,
  topical: 2,
  inhalation: 3,
  injection: 4,
  eye: 5,
  ear: 6,
  nasal: 7,
  rectal: 8,
  tube: 9,
  other: 10,
} as const;
export type MedicationRoute = (typeof MedicationRoute)[keyof typeof MedicationRoute];
export const medicationRouteLabelKey = labelKeys('medicationRoute', MedicationRoute);

/** What happened to a dose (FHIR MedicationAdministration: completed / not-done). */
export const DoseOutcome = { given: 0, notGiven: 1 } as const;
export type DoseOutcome = (typeof DoseOutcome)[keyof typeof DoseOutcome];
export const doseOutcomeLabelKey = labelKeys('doseOutcome', DoseOutcome);

/** Why a dose was not given; `other` needs a text. */
export const DoseNotGivenReason = {
  refused: 0,
  asleep: 1,
  inHospital: 2,
  outOfStock: 3,
  withheld: 4,
  other: 5,
} as const;
export type DoseNotGivenReason = (typeof DoseNotGivenReason)[keyof typeof DoseNotGivenReason];
export const doseNotGivenReasonLabelKey = labelKeys('doseNotGivenReason', DoseNotGivenReason);

/** The effect of an as-needed (PRN) dose, checked an hour after it was given. */
export const PrnEffect = { effective: 0, partly: 1, notEffective: 2 } as const;
export type PrnEffect = (typeof PrnEffect)[keyof typeof PrnEffect];
export const prnEffectLabelKey = labelKeys('prnEffect', PrnEffect);

/** The kinds of item the shared handle page lists (one per handle route). */
export const CareHandleKind = {
  health: 'health',
  follow: 'follow',
  schedule: 'schedule',
  packageMedicine: 'package-medicine',
  // Care records II (docs/care.md): SPEC's own spelling of the symptom path is kept.
  symptom: 'symptiom',
  diet: 'diet',
  ecg: 'ecg',
  medicalRecord: 'medical-record',
} as const;
export type CareHandleKind = (typeof CareHandleKind)[keyof typeof CareHandleKind];
export const careHandleKindLabelKey = labelKeys('careHandleKind', CareHandleKind);

/** A movement of a member's controlled-medicine balance. */
export const BalanceMovementKind = { receipt: 0, given: 1, wasted: 2, correction: 3 } as const;
export type BalanceMovementKind = (typeof BalanceMovementKind)[keyof typeof BalanceMovementKind];
export const balanceMovementKindLabelKey = labelKeys('balanceMovementKind', BalanceMovementKind);
