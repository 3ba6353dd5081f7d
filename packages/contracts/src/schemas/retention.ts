import { z } from 'zod';
import { unixSeconds } from './envelope.ts';

/**
 * Retention per data class (docs/operations.md "Retention"): how many months an organisation keeps
 * what the retention job removes. Each class has a floor no organisation may go below and a
 * default used until an admin sets its own. Records (spot clinical readings, abnormal events, care
 * records and their history) are never removed automatically and have no setting.
 */
export const retentionClasses = {
  /**
   * Raw one-minute vitals (heart rate, blood oxygen, temperature): a year plus the month being
   * compared, so a year-on-year chart always has its raw month.
   */
  raw_vitals_months: { floor: 13, default: 13, max: 240 },
  /** Hourly rollups, which long charts and health reports read once the raw rows are gone. */
  rollup_months: { floor: 24, default: 120, max: 240 },
} as const;
export type RetentionClass = keyof typeof retentionClasses;

const months = (c: RetentionClass) => {
  const { floor, max } = retentionClasses[c];
  return z
    .number()
    .int()
    .min(floor, { message: 'retention.belowFloor' })
    .max(max, { message: 'retention.aboveMax' });
};

/** PUT /retention body: both periods, in months. Rollups outlive the raw rows they summarise. */
export const retentionUpdate = z
  .object({ raw_vitals_months: months('raw_vitals_months'), rollup_months: months('rollup_months') })
  .strict()
  .refine((b) => b.rollup_months >= b.raw_vitals_months, {
    path: ['rollup_months'],
    message: 'retention.rollupShorter',
  });
export type RetentionUpdate = z.infer<typeof retentionUpdate>;

/** GET/PUT /retention answer: the organisation's periods, each class's floor and default, and what the last pass removed. */
export const retentionDetail = z.object({
  org_id: z.number().int(),
  raw_vitals_months: z.number().int(),
  rollup_months: z.number().int(),
  /** False while the organisation keeps the defaults (no period of its own saved yet). */
  customised: z.boolean(),
  floors: z.object({ raw_vitals_months: z.number().int(), rollup_months: z.number().int() }),
  defaults: z.object({ raw_vitals_months: z.number().int(), rollup_months: z.number().int() }),
  /** Raw readings older than this (unix seconds, start of a month, UTC) are removed by the next pass. */
  raw_vitals_cutoff: unixSeconds,
  rollup_cutoff: unixSeconds,
  updated_at: unixSeconds.nullable(),
});
export type RetentionDetail = z.infer<typeof retentionDetail>;
