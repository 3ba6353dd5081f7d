import { z } from 'zod';
import { DeliveryOrderState, DeliveryType } from '../enums/care.ts';
import { DeliveryLineState, DeliverySide } from '../enums/shift-work.ts';
import { ValidationMessage } from '../rules/messages.ts';
import { optionalText, textField } from '../rules/text.ts';
import { deliveryNoteRequired } from '../delivery/machine.ts';
import { codeOf, id } from './admin/common.ts';
import { Resource } from '../permissions/resources.ts';
import { auditFields, listQuery, optionalQueryInt, unixSeconds } from './envelope.ts';
import { resourceContract } from './resource.ts';
import { attachments } from './files.ts';

/** Medication delivery orders (docs/delivery.md): a care home orders, a related pharmacy supplies. */

export const deliveryOrderStateSchema = codeOf(DeliveryOrderState);
export const deliveryTypeSchema = codeOf(DeliveryType);
export const deliveryLineStateSchema = codeOf(DeliveryLineState);

/** SPEC §5 upload count for the prescription photos of one order. */
export const DELIVERY_PHOTO_LIMIT = 5;
export const DELIVERY_LINE_LIMIT = 30;
export const DELIVERY_QUANTITY_MAX = 9999;
/** A repeat prescription covers 7 to 90 days (the longest refill Taiwan's NHI chronic prescriptions allow). */
export const REPEAT_DAYS_MIN = 7;
export const REPEAT_DAYS_MAX = 90;
/** The latest date any order may name (a bound, so a typo cannot schedule a century ahead). */
const LATEST_DATE = 4_102_444_800; // 2100-01-01

const quantity = z
  .number({ error: ValidationMessage.invalidNumber })
  .int({ message: ValidationMessage.invalidNumber })
  .min(1, { message: ValidationMessage.invalidNumber })
  .max(DELIVERY_QUANTITY_MAX, { message: ValidationMessage.invalidNumber });
const requestedDate = unixSeconds.max(LATEST_DATE, { message: ValidationMessage.invalidInput });
const repeatDays = z
  .number({ error: ValidationMessage.invalidNumber })
  .int({ message: ValidationMessage.invalidNumber })
  .min(REPEAT_DAYS_MIN, { message: ValidationMessage.invalidNumber })
  .max(REPEAT_DAYS_MAX, { message: ValidationMessage.invalidNumber });

export const deliveryLine = z.object({
  id: z.number().int(),
  /** The catalogue entry (`/medicine`) the line links to, when the home's catalogue has it. */
  medicine_id: z.number().int().nullable(),
  /** The medicine as prescribed (kept as ordered even if the catalogue entry is renamed later). */
  medicine_name: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  remark: z.string().nullable(),
  state: deliveryLineStateSchema,
  received_quantity: z.number().int().nullable(),
  /** The care side's note on receipt (the query, or why a difference was accepted). */
  receipt_note: z.string().nullable(),
  /** The pharmacy's answer to a query. */
  reply: z.string().nullable(),
  checked_by_name: z.string().nullable(),
  checked_at: unixSeconds.nullable(),
});
export type DeliveryLine = z.infer<typeof deliveryLine>;

/** One transition of an order (the creation is the first, from null). */
export const deliveryHistoryRow = z.object({
  id: z.number().int(),
  from_state: deliveryOrderStateSchema.nullable(),
  to_state: deliveryOrderStateSchema,
  side: z.enum(DeliverySide),
  staff_id: z.number().int(),
  staff_name: z.string(),
  note: z.string().nullable(),
  created_at: unixSeconds,
});
export type DeliveryHistoryRow = z.infer<typeof deliveryHistoryRow>;

/**
 * The staff-channel event carrying a new or changed order (its list row) to both organisations'
 * connected staff. SPEC §3 names no delivery event; this is Vigil's, beside SPEC's own.
 */
export const DELIVERY_ORDER_EVENT = 'deliveryOrder';

/** GET /delivery/medicine row; with what changed, the payload of the `deliveryOrder` socket event. */
export const deliveryOrderRow = z.object({
  id: z.number().int(),
  /** `D` and the zero-padded id, as printed on the label. */
  order_no: z.string(),
  org_id: z.number().int(),
  org_name: z.string(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  member_id: z.number().int(),
  member_name: z.string(),
  pharmacy_org_id: z.number().int(),
  pharmacy_org_name: z.string(),
  pharmacy_area_id: z.number().int(),
  pharmacy_area_name: z.string(),
  type: deliveryTypeSchema,
  state: deliveryOrderStateSchema,
  requested_date: unixSeconds,
  repeat_days: z.number().int().nullable(),
  previous_id: z.number().int().nullable(),
  photos: z.array(z.string()),
  remark: z.string().nullable(),
  line_count: z.number().int(),
  /** Lines in query: the pharmacy has a question to answer. */
  open_query_count: z.number().int(),
  created_by_name: z.string(),
  ...auditFields,
});
export type DeliveryOrderRow = z.infer<typeof deliveryOrderRow>;

/** What happened to the order an event carries: the console words its feed entry after it. */
export const DeliveryChange = { created: 'created', amended: 'amended', state: 'state', receipt: 'receipt', reply: 'reply' } as const;
export type DeliveryChange = (typeof DeliveryChange)[keyof typeof DeliveryChange];

/**
 * The `deliveryOrder` socket event: the order's list row, what changed and which side changed it,
 * so each side's console announces the other side's steps (and not its own).
 */
export const deliveryOrderEvent = deliveryOrderRow.extend({
  change: z.enum(DeliveryChange),
  by_side: z.enum(DeliverySide),
});
export type DeliveryOrderEvent = z.infer<typeof deliveryOrderEvent>;

/** GET /delivery/medicine/{id}: the row with its lines and its whole history, oldest first. */
export const deliveryOrderDetail = deliveryOrderRow.extend({
  lines: z.array(deliveryLine),
  history: z.array(deliveryHistoryRow),
});
export type DeliveryOrderDetail = z.infer<typeof deliveryOrderDetail>;

/**
 * A line names the medicine as the prescription does, and links it to the home's medicine catalogue
 * (`/medicine`) when the catalogue has it: an enabled entry of the ordering organisation (another is -7).
 */
const lineInput = z.strictObject({
  medicine_id: id.nullable().optional(),
  medicine_name: textField({ max: 100 }),
  quantity,
  unit: textField({ max: 20 }),
  remark: optionalText(200),
});
export type DeliveryLineInput = z.infer<typeof lineInput>;

const lines = z
  .array(lineInput)
  .min(1, { message: ValidationMessage.required })
  .max(DELIVERY_LINE_LIMIT, { message: ValidationMessage.tooLong })
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((line, i) => {
      const name = line.medicine_name.trim().toLowerCase();
      if (seen.has(name)) {
        ctx.addIssue({ code: 'custom', path: [i, 'medicine_name'], message: ValidationMessage.invalidInput });
      }
      seen.add(name);
    });
  });

/** A repeat prescription needs its interval; a regular order has none. */
function checkRepeat(body: { type?: DeliveryType; repeat_days?: number | null }, ctx: z.RefinementCtx) {
  if (body.type === undefined) return;
  const repeat = body.type === DeliveryType.repeatPrescription;
  if (repeat && (body.repeat_days === undefined || body.repeat_days === null)) {
    ctx.addIssue({ code: 'custom', path: ['repeat_days'], message: ValidationMessage.required });
  }
  if (!repeat && body.repeat_days !== undefined && body.repeat_days !== null) {
    ctx.addIssue({ code: 'custom', path: ['repeat_days'], message: ValidationMessage.invalidInput });
  }
}

const orderFields = {
  member_id: id,
  /** An area of a pharmacy related to the care organisation (GET /area/pharmacy). */
  pharmacy_area_id: id,
  type: deliveryTypeSchema,
  requested_date: requestedDate,
  repeat_days: repeatDays.nullable().optional(),
  photos: attachments(DELIVERY_PHOTO_LIMIT).optional(),
  remark: optionalText(500),
  lines,
};

/** POST /delivery/medicine (care roles only). */
export const deliveryOrderCreate = z.strictObject(orderFields).superRefine(checkRepeat);
export type DeliveryOrderCreate = z.infer<typeof deliveryOrderCreate>;

/**
 * PUT/PATCH /delivery/medicine/{id}: the care side amends an order while it is submitted or sent
 * back for repair; the member and pharmacy stay (a different pharmacy is a new order). Lines, when
 * sent, replace the order's lines.
 */
export const deliveryOrderUpdate = z.strictObject({
  type: orderFields.type,
  requested_date: orderFields.requested_date,
  repeat_days: orderFields.repeat_days,
  photos: orderFields.photos,
  remark: orderFields.remark,
  lines,
});
export type DeliveryOrderUpdate = z.infer<typeof deliveryOrderUpdate>;

/** PATCH /delivery/medicine/state/{id}: one edge of the machine, with a note the other side reads. */
export const deliveryStateChange = z
  .strictObject({ state: deliveryOrderStateSchema, note: optionalText(500) })
  .superRefine((body, ctx) => {
    if (deliveryNoteRequired.has(body.state) && !body.note?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: ValidationMessage.required });
    }
  });
export type DeliveryStateChange = z.infer<typeof deliveryStateChange>;

const lineIds = (items: { line_id: number }[], ctx: z.RefinementCtx) => {
  const seen = new Set<number>();
  items.forEach((item, i) => {
    if (seen.has(item.line_id)) ctx.addIssue({ code: 'custom', path: [i, 'line_id'], message: ValidationMessage.invalidInput });
    seen.add(item.line_id);
  });
};

/**
 * PUT /delivery/medicine/receipt/{id} (care side, order in pickup): the quantity received per line.
 * A difference needs a note: it opens a query, or with `accept` closes the line as resolved.
 */
export const deliveryReceipt = z.strictObject({
  lines: z
    .array(
      z
        .strictObject({
          line_id: id,
          received_quantity: z
            .number({ error: ValidationMessage.invalidNumber })
            .int({ message: ValidationMessage.invalidNumber })
            .min(0, { message: ValidationMessage.invalidNumber })
            .max(DELIVERY_QUANTITY_MAX, { message: ValidationMessage.invalidNumber }),
          note: optionalText(500),
          accept: z.boolean().optional(),
        })
        .superRefine((line, ctx) => {
          if (line.accept && !line.note?.trim()) ctx.addIssue({ code: 'custom', path: ['note'], message: ValidationMessage.required });
        }),
    )
    .min(1, { message: ValidationMessage.required })
    .max(DELIVERY_LINE_LIMIT, { message: ValidationMessage.tooLong })
    .superRefine(lineIds),
});
export type DeliveryReceipt = z.infer<typeof deliveryReceipt>;

/** PUT /delivery/medicine/reply/{id} (pharmacy side): answers to the lines in query. */
export const deliveryReply = z.strictObject({
  lines: z
    .array(z.strictObject({ line_id: id, reply: textField({ max: 500 }) }))
    .min(1, { message: ValidationMessage.required })
    .max(DELIVERY_LINE_LIMIT, { message: ValidationMessage.tooLong })
    .superRefine(lineIds),
});
export type DeliveryReply = z.infer<typeof deliveryReply>;

/**
 * GET /delivery/medicine: state, type, user_id (the member), area_id (the member's area), org_id
 * (the care organisation) and keyword (member name or order number) from SPEC §3's parameters,
 * plus the pharmacy organisation and the orders waiting for the caller.
 */
export const deliveryOrderListQuery = listQuery(['id', 'requested_date', 'state', 'created_at', 'updated_at']).extend({
  pharmacy_id: optionalQueryInt,
  /** 1: only the orders waiting for the caller's side (docs/delivery.md, Live): the sidebar badge's count. */
  waiting: optionalQueryInt,
});
export type DeliveryOrderListQuery = z.infer<typeof deliveryOrderListQuery>;

/**
 * GET /delivery/medicine and GET /delivery/medicine/{id} (the delivery module's own routes): the
 * orders and an order's sheet. Orders are written through their workflow's calls, not PUT.
 */
export const deliveryOrderResource = resourceContract({
  path: Resource.deliveryMedicine,
  row: deliveryOrderRow,
  detail: deliveryOrderDetail,
  listQuery: deliveryOrderListQuery,
});

/** GET /delivery/medicine/repeat: finished repeat orders whose next order is due (docs/delivery.md). */
export const deliveryRepeatDue = z.object({
  order: deliveryOrderRow,
  /** When the next order should be requested for (the previous date plus the interval). */
  next_date: unixSeconds,
});
export type DeliveryRepeatDue = z.infer<typeof deliveryRepeatDue>;
