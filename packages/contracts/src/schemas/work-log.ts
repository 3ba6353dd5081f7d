import { z } from 'zod';
import { Shift, WorkLogCategory } from '../enums/shift-work.ts';
import { ValidationMessage } from '../rules/messages.ts';
import { optionalText, textField } from '../rules/text.ts';
import { codeOf, id } from './admin/common.ts';
import { auditFields, listQuery, unixSeconds } from './envelope.ts';
import { attachments } from './files.ts';
import { Resource } from '../permissions/resources.ts';
import { resourceContract } from './resource.ts';

/** Work logs (docs/handover.md): one per staff member and shift, entries oldest first. */

export const shiftSchema = codeOf(Shift);
export const workLogCategorySchema = codeOf(WorkLogCategory);

export const WORK_LOG_ENTRY_LIMIT = 100;
export const WORK_LOG_MEMBER_LIMIT = 20;
export const WORK_LOG_ATTACHMENT_LIMIT = 5;
/** SPEC §5 size limit of one attachment (a photo or a PDF), at /file/work-log. */
export const WORK_LOG_FILE_MAX_MB = 10;
const LATEST_DATE = 4_102_444_800; // 2100-01-01: a bound, so a typo cannot log a century ahead
const dateField = unixSeconds.max(LATEST_DATE, { message: ValidationMessage.invalidInput });

export const workLogEntry = z.object({
  time: unixSeconds,
  members: z.array(z.object({ id: z.number().int(), name: z.string() })),
  category: workLogCategorySchema,
  content: z.string(),
  /** Stored photos and PDFs, served at /file/work-log/{name}?record_id= (the log's id). */
  attachments: z.array(z.string()),
});
export type WorkLogEntry = z.infer<typeof workLogEntry>;

/** GET /work-log row and GET /work-log/{id}. */
export const workLogRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  staff_id: z.number().int(),
  staff_name: z.string(),
  /** Unix seconds of the day the shift starts (a night shift belongs to the day it starts). */
  shift_date: unixSeconds,
  shift: shiftSchema,
  summary: z.string().nullable(),
  entry_count: z.number().int(),
  /** The shift's entries, oldest first: a log is read whole, and has at most a hundred. */
  entries: z.array(workLogEntry),
  ...auditFields,
});
export type WorkLogRow = z.infer<typeof workLogRow>;

const entryInput = z.strictObject({
  time: dateField,
  member_ids: z
    .array(id)
    .max(WORK_LOG_MEMBER_LIMIT, { message: ValidationMessage.tooLong })
    .refine((ids) => new Set(ids).size === ids.length, { message: ValidationMessage.invalidInput }),
  category: workLogCategorySchema,
  content: textField({ max: 1000 }),
  attachments: attachments(WORK_LOG_ATTACHMENT_LIMIT).optional(),
});
export type WorkLogEntryInput = z.infer<typeof entryInput>;

const entries = z
  .array(entryInput)
  .min(1, { message: ValidationMessage.required })
  .max(WORK_LOG_ENTRY_LIMIT, { message: ValidationMessage.tooLong });

/**
 * POST /work-log. The author is the caller; area roles log in their own area, others name it.
 * Entries must fall within the shift's day or the next (the server checks them against shift_date).
 */
export const workLogCreate = z.strictObject({
  /** The author, when an admin writes the log of a staff member of the organisation; default the caller. */
  staff_id: id.optional(),
  area_id: id.nullable().optional(),
  shift_date: dateField,
  shift: shiftSchema,
  summary: optionalText(500),
  entries,
});
export type WorkLogCreate = z.infer<typeof workLogCreate>;

/** PUT/PATCH /work-log/{id}: the shift and its entries (entries, when sent, replace the log's). */
export const workLogUpdate = z.strictObject({
  shift_date: dateField,
  shift: shiftSchema,
  summary: optionalText(500),
  entries,
});
export type WorkLogUpdate = z.infer<typeof workLogUpdate>;

/** GET /work-log: user_id (staff), area_id, start_date/end_date on the shift date, type (shift). */
export const workLogListQuery = listQuery(['id', 'shift_date', 'created_at', 'updated_at']);
export type WorkLogListQuery = z.infer<typeof workLogListQuery>;

export const workLogResource = resourceContract({
  path: Resource.workLog,
  row: workLogRow,
  create: workLogCreate,
  update: workLogUpdate,
  listQuery: workLogListQuery,
});
