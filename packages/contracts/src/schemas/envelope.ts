import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE, UNSET } from '../rules/constants.ts';
import { keywordField } from '../rules/text.ts';
import { ErrorCode } from '../enums/error-codes.ts';

/** `{ data }` success envelope. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** SPEC §3: paginated list envelope. */
export function paginated<T extends z.ZodType>(row: T) {
  return z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    list: z.array(row),
    per_page: z.number().int(),
    total: z.number().int(),
  });
}
export type Paginated<T> = { current_page: number; last_page: number; list: T[]; per_page: number; total: number };

export const errorBody = z.object({
  code: z.union(Object.values(ErrorCode).map((c) => z.literal(c)) as [z.ZodLiteral<ErrorCode>, ...z.ZodLiteral<ErrorCode>[]]),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** PostgreSQL's integer range: every id and code column is int4, so a larger value is invalid input. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
/**
 * The latest date Vigil accepts (2100-01-01): far enough for any expiry or plan, and well inside
 * JavaScript's Date range, so a hostile date is a -5 instead of a RangeError deep in a query.
 */
export const UNIX_SECONDS_MAX = 4_102_444_800;

/** Unix seconds; the wire format of every date (SPEC §3), from 1970 to UNIX_SECONDS_MAX. */
export const unixSeconds = z.number().int().min(0).max(UNIX_SECONDS_MAX);

/** A query-string integer within int4 where -1 (or absence) means unset. */
export const optionalQueryInt = z.coerce
  .number({ error: 'validation.invalidNumber' })
  .int({ message: 'validation.invalidNumber' })
  .min(INT4_MIN, { message: 'validation.invalidNumber' })
  .max(INT4_MAX, { message: 'validation.invalidNumber' })
  .optional()
  .transform((v) => (v === undefined || v === UNSET ? undefined : v));

/** A query-string date in unix seconds (1970 to UNIX_SECONDS_MAX); -1 (or absence) means unset. */
export const optionalQueryDate = z.coerce
  .number({ error: 'validation.invalidNumber' })
  .int({ message: 'validation.invalidNumber' })
  .refine((v) => v === UNSET || (v >= 0 && v <= UNIX_SECONDS_MAX), { message: 'validation.invalidNumber' })
  .optional()
  .transform((v) => (v === undefined || v === UNSET ? undefined : v));

/**
 * SPEC §3 `month`: a calendar month written `YYYYMM` (202611 is November 2026), 1970 to 2099;
 * -1 (or absence) means unset.
 */
export const optionalQueryMonth = z.coerce
  .number({ error: 'listFilter.invalidMonth' })
  .int({ message: 'listFilter.invalidMonth' })
  .refine((v) => v === UNSET || (v >= 197001 && v <= 209912 && v % 100 >= 1 && v % 100 <= 12), { message: 'listFilter.invalidMonth' })
  .optional()
  .transform((v) => (v === undefined || v === UNSET ? undefined : v));

/**
 * SPEC §3 filters a list applies only where its rows can answer them (docs/resources.md): a list
 * that cannot refuses a value with -5 on the field instead of ignoring it.
 */
export const strictListFilters = ['bind_id', 'binds', 'month', 'physical_date', 'upper_id', 'router'] as const;
export type StrictListFilter = (typeof strictListFilters)[number];

/** A query id list `1,2,3` or repeated param; -1 means unset. */
export const optionalQueryIntList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const parts = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== '');
    const nums = parts.map(Number);
    if (nums.some((n) => !Number.isInteger(n) || n < INT4_MIN || n > INT4_MAX)) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalidNumber' });
      return z.NEVER;
    }
    const set = nums.filter((n) => n !== UNSET);
    return set.length ? set : undefined;
  });

/**
 * SPEC §3 list query. Each resource picks the filters it supports with `.pick()` and extends the
 * base with its own `order_by` whitelist.
 */
export const listQueryBase = z.object({
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(DEFAULT_PAGE),
  per_page: z.coerce
    .number()
    .int()
    .refine((v) => v === -1 || (v >= 1 && v <= MAX_PER_PAGE), { message: 'validation.invalidNumber' })
    .default(DEFAULT_PER_PAGE),
  order: z.enum(['asc', 'desc']).default('asc'),
  name: keywordField,
  keyword: keywordField,
  start_date: optionalQueryDate,
  end_date: optionalQueryDate,
  org_id: optionalQueryInt,
  area_id: optionalQueryInt,
  role_id: optionalQueryInt,
  user_id: optionalQueryInt,
  record_id: optionalQueryInt,
  upper_id: optionalQueryInt,
  bind_id: optionalQueryInt,
  type: optionalQueryInt,
  state: optionalQueryInt,
  class: optionalQueryInt,
  month: optionalQueryMonth,
  is_handle: optionalQueryInt,
  physical_date: optionalQueryDate,
  types: optionalQueryIntList,
  device_types: optionalQueryIntList,
  binds: optionalQueryIntList,
  method: z.string().max(10).optional(),
  route: z.string().max(200).optional(),
  router: optionalQueryInt,
});
export type ListQueryBase = z.infer<typeof listQueryBase>;

/** Builds a resource's list query: base filters plus an `order_by` whitelist (default id). */
export function listQuery<const K extends readonly [string, ...string[]]>(orderBy: K) {
  return listQueryBase.extend({
    order_by: z.enum(orderBy).default(orderBy.includes('id') ? ('id' as K[number]) : orderBy[0]),
  });
}

export const idParam = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });

/** Audit fields on list rows (unix seconds). */
export const auditFields = { created_at: unixSeconds, updated_at: unixSeconds };
