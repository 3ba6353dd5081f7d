import { z } from 'zod';
import { labelKeys } from '../../enums/label-key.ts';
import type { PageKey } from '../../permissions/pages.ts';
import { carePages, vitalPages } from '../../permissions/pages.ts';
import { unixSeconds } from '../envelope.ts';

/**
 * Per-organisation feature switches (the feature settings page, `/feature`). A feature without a
 * stored switch is on; a switched-off feature hides its pages from the organisation's sidebars.
 */
export const Feature = {
  vitals: 'vitals',
  care: 'care',
  delivery: 'delivery',
  opd: 'opd',
  medicalRecord: 'medicalRecord',
  abnormal: 'abnormal',
  devices: 'devices',
  chylyng: 'chylyng',
  sleepHistory: 'sleepHistory',
  realtime: 'realtime',
  changeLog: 'changeLog',
} as const;
export type Feature = (typeof Feature)[keyof typeof Feature];
export const features = Object.values(Feature) as Feature[];
export const featureLabelKey = labelKeys('feature', Feature);

/** The pages a feature switches; pages of no feature are always shown. */
export const featurePages: Record<Feature, readonly PageKey[]> = {
  vitals: vitalPages,
  care: carePages,
  delivery: ['medication-delivery'],
  opd: ['opd'],
  medicalRecord: ['medical-record', 'medical-state-log'],
  abnormal: ['abnormal-log'],
  devices: ['member-device', 'device-bind'],
  chylyng: ['device-chylyng', 'member-device-chylyng'],
  sleepHistory: ['device-sleep-history'],
  realtime: [],
  changeLog: ['change-log-staff', 'change-log-member'],
};

export const featureSwitches = z.object(
  Object.fromEntries(features.map((f) => [f, z.boolean()])) as Record<Feature, z.ZodBoolean>,
);
export type FeatureSwitches = z.infer<typeof featureSwitches>;

/** GET /feature?org_id (default the caller's organisation). */
export const featureQuery = z.object({ org_id: z.coerce.number().int().min(1).optional() });

export const featureSettings = z.object({
  org_id: z.number().int(),
  org_name: z.string(),
  features: featureSwitches,
  /** Latest change of any switch; null while all are at their default. */
  updated_at: unixSeconds.nullable(),
});
export type FeatureSettings = z.infer<typeof featureSettings>;

/** PUT /feature/{org_id}: any subset of the switches. */
export const featureUpdate = z.strictObject({ features: featureSwitches.partial().strict() });
export type FeatureUpdate = z.infer<typeof featureUpdate>;

export const featureOrgParam = z.object({ org_id: z.coerce.number().int().min(1).max(2147483647) });
