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
