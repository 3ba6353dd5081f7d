import dayjs from 'dayjs';
import { z } from 'zod';
import {
  DeliveryType,
  Role,
  ValidationMessage,
  deliveryOrderCreate,
  deliveryTypeSchema,
  optionalText,
  type DeliveryOrderCreate,
  type DeliverySide,
} from '@vigil/contracts';

/** How many medicine rows the order form offers; blank rows after the first are left out. */
export const FORM_LINES = 4;

const lineSchema = deliveryOrderCreate.shape.lines.element;
const formLine = z.object({
  medicine_id: z.number().nullable().optional(),
  medicine_name: z.string(),
  quantity: z.number().optional(),
  unit: z.string(),
});
type FormLine = z.infer<typeof formLine>;
const blank = (l: FormLine) =>
  (l.medicine_id ?? null) === null &&
  l.medicine_name.trim() === '' &&
  l.quantity === undefined &&
  l.unit.trim() === '';

/** A catalogue entry the form offers: its name and unit fill a line's blank name and unit. */
export type CatalogueEntry = { id: number; name: string; unit: string };

/**
 * deliveryOrderCreate as the form holds it: a fixed number of medicine rows of which the blank ones are dropped. A row may pick a medicine of
 * the home's catalogue, whose name and unit then stand for the ones left blank. Each filled row is
 * checked by the contracts line rule, so its errors land under its own fields; the server checks
 * the body again.
 */
export function orderForm(catalogue: readonly CatalogueEntry[] = []) {
  const fill = (l: FormLine) => {
    const entry = l.medicine_id ? catalogue.find((c) => c.id === l.medicine_id) : undefined;
    return entry
      ? { ...l, medicine_name: l.medicine_name.trim() || entry.name, unit: l.unit.trim() || entry.unit }
      : l;
  };
  return z
    .object({
      member_id: z.number({ error: ValidationMessage.required }),
      pharmacy_area_id: z.number({ error: ValidationMessage.required }),
      type: deliveryTypeSchema,
      requested_date: z.number({ error: ValidationMessage.required }),
      repeat_days: z.number().optional(),
      remark: optionalText(500),
      lines: z.array(formLine),
    })
    .superRefine((form, ctx) => {
      form.lines.forEach((line, i) => {
        if (i > 0 && blank(line)) return;
        const checked = lineSchema.safeParse({ ...fill(line), medicine_id: line.medicine_id ?? null });
        for (const issue of checked.success ? [] : checked.error.issues) {
          ctx.addIssue({
            code: 'custom',
            path: ['lines', i, ...issue.path.map(String)],
            message: issue.message,
          });
        }
      });
      if (form.type === DeliveryType.repeatPrescription && form.repeat_days === undefined) {
        ctx.addIssue({ code: 'custom', path: ['repeat_days'], message: ValidationMessage.required });
      }
    })
    .transform((form): DeliveryOrderCreate => ({
      member_id: form.member_id,
      pharmacy_area_id: form.pharmacy_area_id,
      type: form.type,
      requested_date: form.requested_date,
      repeat_days: form.type === DeliveryType.repeatPrescription ? form.repeat_days : null,
      remark: form.remark,
      lines: form.lines
        .filter((l, i) => i === 0 || !blank(l))
        .map(fill)
        .map((l) => ({
          medicine_id: l.medicine_id ?? null,
          medicine_name: l.medicine_name,
          quantity: l.quantity!,
          unit: l.unit,
        })),
    }));
}

export const emptyOrder = () => ({
  type: DeliveryType.regular,
  requested_date: dayjs().add(1, 'day').startOf('day').unix(),
  remark: '',
  lines: Array.from({ length: FORM_LINES }, () => ({ medicine_id: null, medicine_name: '', unit: '' })),
});

/** The side of an order the signed-in role works on: pharmacy roles supply, everyone else orders. */
export function sideOfRole(role: number): DeliverySide {
  return role === Role.pharmacyAdmin || role === Role.pharmacyStaff ? 'pharmacy' : 'care';
}
