import { z } from 'zod';
import { ReportType } from '../../enums/care-ii.ts';
import { ValidationMessage } from '../../rules/messages.ts';
import { optionalText, textField } from '../../rules/text.ts';
import { codeOf, id } from '../admin/common.ts';
import { auditFields, listQuery, unixSeconds } from '../envelope.ts';
import { careAttachments, careDate, memberFields } from './common.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

/** Health reports (`/care/report`, page `health-report`; docs/care.md "Care records II"). */

export const reportTypeSchema = codeOf(ReportType);

export const careReportRow = z.object({
  id: z.number().int(),
  ...memberFields,
  type: reportTypeSchema,
  title: z.string(),
  report_date: unixSeconds,
  hospital: z.string().nullable(),
  /** Stored PDFs and images, served at /file/report/{name}?record_id=. */
  files: z.array(z.string()),
  summary: z.string().nullable(),
  ...auditFields,
});
export type CareReportRow = z.infer<typeof careReportRow>;

const editable = {
  type: reportTypeSchema,
  title: textField({ max: 100 }),
  report_date: careDate,
  hospital: optionalText(100),
  files: careAttachments.refine((names) => names.length > 0, { message: ValidationMessage.required }),
  summary: optionalText(2000),
};

export const careReportCreate = z.strictObject({ member_id: id, ...editable });
export type CareReportCreate = z.infer<typeof careReportCreate>;
export const careReportUpdate = z.strictObject(editable);
export type CareReportUpdate = z.infer<typeof careReportUpdate>;
/** user_id, area_id, type, start_date/end_date on report_date, keyword on title and hospital. */
export const careReportListQuery = listQuery(['id', 'report_date', 'type', 'created_at']);

export const careReportResource = resourceContract({
  path: Resource.careReport,
  row: careReportRow,
  create: careReportCreate,
  update: careReportUpdate,
  listQuery: careReportListQuery,
});
