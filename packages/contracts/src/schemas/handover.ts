import { z } from 'zod';
import { HandoverItemKind, HandoverState, IllnessSeverity } from '../enums/shift-work.ts';
import { ValidationMessage } from '../rules/messages.ts';
import { optionalText, textField } from '../rules/text.ts';
import { codeOf, id } from './admin/common.ts';
import { Resource } from '../permissions/resources.ts';
import { auditFields, listQuery, unixSeconds } from './envelope.ts';
import { resourceContract } from './resource.ts';

/** Shift handover in the I-PASS structure (docs/handover.md). */

export const illnessSeveritySchema = codeOf(IllnessSeverity);
export const handoverStateSchema = codeOf(HandoverState);
export const handoverItemKindSchema = z.enum(HandoverItemKind);

export const HANDOVER_ACTION_LIMIT = 100;
export const HANDOVER_MEMBER_LIMIT = 200;
const LATEST_DATE = 4_102_444_800; // 2100-01-01

/** A generated item: what happened, to whom, when, and the record it comes from. */
export const handoverItem = z.object({
  kind: handoverItemKindSchema,
  member_id: z.number().int().nullable(),
  time: unixSeconds,
  /** The source record: its API resource path and id, so the page links to it. */
  source: z.object({ resource: z.string(), id: z.number().int() }),
  /** Kind-specific facts (an alert type, a reading's value, a state) shown with the item. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type HandoverItem = z.infer<typeof handoverItem>;

/** I and P (and the member's S): one member's severity, summary, contingency and items. */
export const handoverMember = z.object({
  member_id: z.number().int(),
  member_name: z.string(),
  severity: illnessSeveritySchema,
  summary: z.string().nullable(),
  contingency: z.string().nullable(),
  items: z.array(handoverItem),
});
export type HandoverMember = z.infer<typeof handoverMember>;

/** A: an action with its owner and due time; unfinished ones carry over to the next handover. */
export const handoverAction = z.object({
  id: z.number().int(),
  member_id: z.number().int().nullable(),
  member_name: z.string().nullable(),
  content: z.string(),
  owner_id: z.number().int(),
  owner_name: z.string(),
  due_time: unixSeconds,
  done_at: unixSeconds.nullable(),
  done_by_name: z.string().nullable(),
  /** The action of an earlier handover this one continues. */
  carried_from_id: z.number().int().nullable(),
});
export type HandoverAction = z.infer<typeof handoverAction>;

/** GET /handover row. */
export const handoverRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  area_id: z.number().int(),
  area_name: z.string(),
  period_start: unixSeconds,
  period_end: unixSeconds,
  state: handoverStateSchema,
  /** The giver: who generated the draft, the only one who edits and signs it. */
  created_by: z.number().int(),
  created_by_name: z.string(),
  signed_by_name: z.string().nullable(),
  signed_at: unixSeconds.nullable(),
  accepted_by_name: z.string().nullable(),
  accepted_at: unixSeconds.nullable(),
  member_count: z.number().int(),
  open_action_count: z.number().int(),
  ...auditFields,
});
export type HandoverRow = z.infer<typeof handoverRow>;

/**
 * GET /handover/{id}: the I-PASS sheet. Once signed, members and items are the frozen copy, and
 * `changes` holds what the generator finds now that the copy lacks (added) or no longer finds
 * (resolved); null while draft, when the sheet is the live data itself.
 */
export const handoverDetail = handoverRow.extend({
  situation: z.string().nullable(),
  synthesis: z.string().nullable(),
  members: z.array(handoverMember),
  actions: z.array(handoverAction),
  changes: z.object({ added: z.array(handoverItem), resolved: z.array(handoverItem) }).nullable(),
});
export type HandoverDetail = z.infer<typeof handoverDetail>;

/** POST /handover: generate the next handover of an area from live data. */
export const handoverCreate = z.strictObject({ area_id: id });
export type HandoverCreate = z.infer<typeof handoverCreate>;

const actionInput = z.strictObject({
  /** An existing action of this handover (kept and edited); absent for a new one. */
  id: id.optional(),
  member_id: id.nullable().optional(),
  content: textField({ max: 500 }),
  owner_id: id,
  due_time: unixSeconds.max(LATEST_DATE, { message: ValidationMessage.invalidInput }),
});
export type HandoverActionInput = z.infer<typeof actionInput>;

/** PATCH /handover/{id} (draft only, by the giver): severities, summaries, actions, situation. */
export const handoverUpdate = z.strictObject({
  situation: optionalText(1000),
  members: z
    .array(
      z.strictObject({
        member_id: id,
        severity: illnessSeveritySchema,
        summary: optionalText(1000),
        contingency: optionalText(1000),
      }),
    )
    .max(HANDOVER_MEMBER_LIMIT, { message: ValidationMessage.tooLong }),
  actions: z.array(actionInput).max(HANDOVER_ACTION_LIMIT, { message: ValidationMessage.tooLong }),
});
export type HandoverUpdate = z.infer<typeof handoverUpdate>;

/** PATCH /handover/accept/{id}: the receiver's synthesis (read-back) acknowledges the handover. */
export const handoverAccept = z.strictObject({ synthesis: textField({ max: 1000 }) });
export type HandoverAccept = z.infer<typeof handoverAccept>;

/** PATCH /handover/action/{id}: an action done or reopened, whatever the handover's state. */
export const handoverActionDone = z.strictObject({ done: z.boolean() });
export type HandoverActionDone = z.infer<typeof handoverActionDone>;

/** GET /handover: area_id, state, start_date/end_date on period_end. */
export const handoverListQuery = listQuery(['id', 'period_end', 'created_at']);
export type HandoverListQuery = z.infer<typeof handoverListQuery>;

/**
 * GET /handover and GET /handover/{id} (its own service routes, not `defineResource`): the list and
 * the sheet the console reads. Its writes are actions of their own (generate, edit, sign, accept).
 */
export const handoverResource = resourceContract({
  path: Resource.handover,
  row: handoverRow,
  detail: handoverDetail,
  listQuery: handoverListQuery,
});
