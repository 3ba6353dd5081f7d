import { z } from 'zod';
import { DataSource, ErrorCode } from '@vigil/contracts';
import { readingKinds } from './kinds.ts';

/** Most readings one batch may carry (HTTP body or MQTT message). */
export const MAX_BATCH = 1000;
/** Readings from further ahead than this are refused: a device clock that far off is wrong. */
export const MAX_FUTURE_SECONDS = 5 * 60;
/** Readings older than this are refused: they belong to a manual import, not to live ingestion. */
export const MAX_AGE_SECONDS = 30 * 24 * 3600;

const dataSources = Object.values(DataSource) as number[];

/** One reading as a device or gateway sends it; `values` is checked against the kind's schema. */
export const readingEnvelope = z.strictObject({
  serial: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[^\p{Cc}]+$/u, { message: 'serial must not contain control characters' }),
  kind: z.enum(readingKinds as [string, ...string[]]),
  /** SPEC §3 data-source code 0–55: the record's `type`. */
  source: z
    .number()
    .int()
    .refine((v) => dataSources.includes(v), { message: 'unknown data source' }),
  /** Unix seconds; for sleep, the start of the night. */
  occur_time: z.number().int().min(0),
  values: z.record(z.string(), z.unknown()),
});
export type ReadingEnvelope = z.infer<typeof readingEnvelope>;

/** The batch body: its shape only; each reading is validated on its own so one bad reading drops nothing else. */
export const ingestBatchBody = z.strictObject({
  readings: z.array(z.unknown()).min(1).max(MAX_BATCH),
});
export type IngestBatchBody = z.infer<typeof ingestBatchBody>;

export const rejection = z.object({
  /** Position of the reading in the batch. */
  index: z.number().int(),
  /** SPEC §8: -5 invalid reading, -7 unknown device (or one the sender may not speak for). */
  code: z.union([z.literal(ErrorCode.validationFailed), z.literal(ErrorCode.notFound)]),
  reason: z.string(),
});
export type Rejection = z.infer<typeof rejection>;

export const ingestResult = z.object({
  accepted: z.number().int(),
  /** Readings already stored (a re-sent batch): acknowledged, not stored twice. */
  duplicates: z.number().int(),
  rejected: z.array(rejection),
});
export type IngestResult = z.infer<typeof ingestResult>;
