import { z } from 'zod';
import { auditFields, listQuery, unixSeconds } from './envelope.ts';
import { Resource } from '../permissions/resources.ts';
import { resourceContract } from './resource.ts';

/**
 * GET /handle/abnormal: the handling records (SPEC §2 hotel page "handling records"): each
 * handling of an abnormal event (what was done, by whom, when) beside the event it answered.
 */
export const handleRecordRow = z.object({
  id: z.number().int(),
  abnormal_id: z.number().int(),
  /** The abnormal event's SPEC §3 type and when it occurred. */
  type: z.number().int(),
  occur_time: unixSeconds,
  org_id: z.number().int(),
  member_id: z.number().int().nullable(),
  member_name: z.string().nullable(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  content: z.string(),
  remark: z.string().nullable(),
  staff_name: z.string(),
  handle_time: unixSeconds,
  ...auditFields,
});
export type HandleRecordRow = z.infer<typeof handleRecordRow>;

/** Filters: user_id, area_id, type (abnormal type), keyword (content, staff, member name), start_date/end_date (handle time). */
export const handleRecordListQuery = listQuery(['id', 'handle_time']);
export type HandleRecordListQuery = z.infer<typeof handleRecordListQuery>;

export const handleRecordResource = resourceContract({
  path: Resource.handleAbnormal,
  row: handleRecordRow,
  listQuery: handleRecordListQuery,
});
