import { z } from 'zod';
import { ValidationMessage } from '../../rules/messages.ts';
import { unixSeconds } from '../envelope.ts';

/** Shapes shared by the administration resources (SPEC §1 "Administration"). */

export const id = z.number().int().min(1).max(2147483647);

/** A numbered SPEC code (an enum-like object of numbers) as a schema with SPEC §5's option message. */
export function codeOf<const T extends Readonly<Record<string, number>>>(values: T) {
  return z.enum(values, { error: ValidationMessage.invalidOption });
}

/** The `enable` list filter: 1 enabled rows, 0 disabled, -1 or absent both. */
export const enableFilter = z.coerce
  .number({ error: ValidationMessage.invalidNumber })
  .int()
  .optional()
  .transform((v) => (v === -1 ? undefined : v))
  .refine((v) => v === undefined || v === 0 || v === 1, { message: ValidationMessage.invalidOption });

/** Phone numbers: digits with an optional leading +, spaces and dashes (as on the personal page). */
const phonePattern = /^\+?[0-9][0-9 -]{3,19}$/;

/** An optional contact field: empty or null means "not given". */
const optionalContact = (check: (v: string) => boolean, max: number) =>
  z
    .string()
    .max(max, { message: ValidationMessage.tooLong })
    .refine((v) => v === '' || check(v), { message: ValidationMessage.invalidInput })
    .nullable()
    .optional();

export const optionalPhone = optionalContact((v) => phonePattern.test(v), 20);
export const optionalEmail = optionalContact((v) => z.email().safeParse(v).success, 120);

/** A stored file name under /file/headshot (what POST /personal/head and uploads return). */
export const optionalHeadshot = z
  .string()
  .max(120, { message: ValidationMessage.tooLong })
  .regex(/^[A-Za-z0-9._-]+$/, { message: ValidationMessage.invalidInput })
  .nullable()
  .optional();

/** Audit fields of log rows: a log is never edited, so updated_at equals created_at. */
export const logAuditFields = { created_at: unixSeconds, updated_at: unixSeconds };

/** A before/after snapshot of a change log: the changed fields and the names shown with them. */
export const changeSnapshot = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable();
export type ChangeSnapshot = z.infer<typeof changeSnapshot>;
