import { describe, expect, it } from 'vitest';
import { ValidationMessage } from '../rules/messages.ts';
import { deliveryOrderCreate, deliveryReceipt, deliveryStateChange, deliveryOrderUpdate } from './delivery.ts';
import { handoverAccept, handoverUpdate } from './handover.ts';
import { workLogCreate } from './work-log.ts';

type Issue = { path: PropertyKey[]; message: string };
function issues(result: { success: boolean; error?: { issues: Issue[] } }): { path: string; message: string }[] {
  return (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

const order = {
  member_id: 1,
  pharmacy_area_id: 2,
  type: 0,
  requested_date: 1_790_000_000,
  lines: [{ medicine_name: 'Metformin 500 mg', quantity: 28, unit: 'tablet' }],
};

describe('delivery order bodies', () => {
  it('accepts a regular order and refuses a special character with the field named', () => {
    expect(deliveryOrderCreate.safeParse(order).success).toBe(true);
    const bad = deliveryOrderCreate.safeParse({ ...order, remark: 'after <lunch>' });
    expect(issues(bad)).toEqual([{ path: 'remark', message: ValidationMessage.specialChars }]);
    const badLine = deliveryOrderCreate.safeParse({ ...order, lines: [{ ...order.lines[0], unit: 'tab/let' }] });
    expect(issues(badLine)).toEqual([{ path: 'lines.0.unit', message: ValidationMessage.specialChars }]);
  });

  it('bounds quantities, lines, dates and photos', () => {
    const over = deliveryOrderCreate.safeParse({ ...order, lines: [{ ...order.lines[0], quantity: 10_000 }] });
    expect(issues(over).map((i) => i.path)).toEqual(['lines.0.quantity']);
    expect(deliveryOrderCreate.safeParse({ ...order, lines: [] }).success).toBe(false);
    expect(deliveryOrderCreate.safeParse({ ...order, requested_date: 9_999_999_999 }).success).toBe(false);
    const photos = Array.from({ length: 6 }, (_, i) => `p${i}.png`);
    expect(issues(deliveryOrderCreate.safeParse({ ...order, photos })).map((i) => i.message)).toEqual([ValidationMessage.uploadCount]);
    expect(deliveryOrderCreate.safeParse({ ...order, photos: ['../etc/passwd'] }).success).toBe(false);
  });

  it('refuses the same medicine twice, naming the second line', () => {
    const twice = deliveryOrderCreate.safeParse({ ...order, lines: [order.lines[0], { ...order.lines[0], quantity: 1 }] });
    expect(issues(twice).map((i) => i.path)).toEqual(['lines.1.medicine_name']);
  });

  it('asks a repeat prescription for its interval and a regular order for none', () => {
    expect(issues(deliveryOrderCreate.safeParse({ ...order, type: 1 }))).toEqual([{ path: 'repeat_days', message: ValidationMessage.required }]);
    expect(deliveryOrderCreate.safeParse({ ...order, type: 1, repeat_days: 28 }).success).toBe(true);
    expect(deliveryOrderCreate.safeParse({ ...order, type: 1, repeat_days: 120 }).success).toBe(false);
    expect(deliveryOrderCreate.safeParse({ ...order, repeat_days: 28 }).success).toBe(false);
  });

  it('lets PATCH send any part of an amendment', () => {
    expect(deliveryOrderUpdate.partial().safeParse({ remark: 'two packs' }).success).toBe(true);
    expect(deliveryOrderUpdate.partial().safeParse({ member_id: 4 }).success).toBe(false);
  });

  it('requires a note when an order is rejected, given up or sent back', () => {
    expect(issues(deliveryStateChange.safeParse({ state: 2 }))).toEqual([{ path: 'note', message: ValidationMessage.required }]);
    expect(deliveryStateChange.safeParse({ state: 1, note: 'photo unreadable' }).success).toBe(true);
    expect(deliveryStateChange.safeParse({ state: 0 }).success).toBe(true);
    expect(deliveryStateChange.safeParse({ state: 9 }).success).toBe(false);
  });

  it('requires a note to accept a difference on receipt and refuses a line twice', () => {
    expect(issues(deliveryReceipt.safeParse({ lines: [{ line_id: 1, received_quantity: 20, accept: true }] }))).toEqual([
      { path: 'lines.0.note', message: ValidationMessage.required },
    ]);
    const twice = deliveryReceipt.safeParse({ lines: [{ line_id: 1, received_quantity: 1 }, { line_id: 1, received_quantity: 2 }] });
    expect(issues(twice).map((i) => i.path)).toEqual(['lines.1.line_id']);
  });
});

describe('work log and handover bodies', () => {
  const log = { shift_date: 1_790_000_000, shift: 0, entries: [{ time: 1_790_003_600, member_ids: [1], category: 0, content: 'Bathed' }] };

  it('accepts a log and names the entry field holding a special character', () => {
    expect(workLogCreate.safeParse(log).success).toBe(true);
    const bad = workLogCreate.safeParse({ ...log, entries: [{ ...log.entries[0], content: 'gave 5 mg {oral}' }] });
    expect(issues(bad)).toEqual([{ path: 'entries.0.content', message: ValidationMessage.specialChars }]);
    expect(workLogCreate.safeParse({ ...log, shift: 3 }).success).toBe(false);
    expect(workLogCreate.safeParse({ ...log, entries: [{ ...log.entries[0], member_ids: [1, 1] }] }).success).toBe(false);
  });

  it('bounds the handover texts and requires the receiver synthesis', () => {
    expect(issues(handoverAccept.safeParse({ synthesis: '   ' })).map((i) => i.message)).toEqual([ValidationMessage.notBlank]);
    const long = handoverUpdate.safeParse({ members: [{ member_id: 1, severity: 2, summary: 'x'.repeat(1001) }], actions: [] });
    expect(issues(long)).toEqual([{ path: 'members.0.summary', message: ValidationMessage.tooLong }]);
    expect(handoverUpdate.safeParse({ members: [{ member_id: 1, severity: 3 }], actions: [] }).success).toBe(false);
  });
});
