import { asc, desc, eq, inArray } from 'drizzle-orm';
import { DeliveryLineState, DeliveryOrderState as S, DeliveryType, deliveryEdge, type DeliveryOrderState } from '@vigil/contracts';
import type { Tx } from '../db/client.ts';
import { areas, deliveryOrderHistory, deliveryOrderLines, deliveryOrders, members, staff } from '../db/schema/index.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The road each demo order has travelled (from submitted), and how many days ago it was submitted. */
type DemoOrder = {
  member: number;
  daysAgo: number;
  path: DeliveryOrderState[];
  type?: DeliveryType;
  repeatDays?: number;
  remark?: string;
  notes?: Partial<Record<DeliveryOrderState, string>>;
  lines: [name: string, quantity: number, unit: string][];
  /** The home's receipt check, line by line (orders in pickup or finished). */
  receipt?: { received: number; note?: string; accept?: boolean; reply?: string }[];
};

const walk = (...to: DeliveryOrderState[]) => [S.submitted, ...to];

/**
 * Orders of the demo care home to the demo pharmacy in every state the pharmacy meets on a normal
 * day: a new one to accept, some in the works, one back for a missing photo, one delivered with a
 * short line in query, finished ones (a repeat prescription whose next order is due), a refusal
 * and a withdrawal. Every path follows the contracts state machine (checked as it is written).
 */
const demoOrders: DemoOrder[] = [
  { member: 0, daysAgo: 0, path: walk(), remark: '週五前送達', lines: [['Amlodipine 5 mg', 28, '錠'], ['Aspirin 100 mg', 28, '錠']] },
  { member: 1, daysAgo: 1, path: walk(S.receive), lines: [['Metformin 500 mg', 56, '錠']] },
  { member: 2, daysAgo: 1, path: walk(S.receive, S.processing), lines: [['Donepezil 5 mg', 28, '錠'], ['Sennoside 12 mg', 28, '錠']] },
  { member: 3, daysAgo: 2, path: walk(S.receive, S.processing, S.arranged), lines: [['Furosemide 40 mg', 14, '錠']] },
  {
    member: 4,
    daysAgo: 2,
    path: walk(S.repairOrSupplement),
    notes: { [S.repairOrSupplement]: '處方箋照片模糊，請重新上傳' },
    lines: [['Omeprazole 20 mg', 28, '顆']],
  },
  {
    member: 5,
    daysAgo: 3,
    path: walk(S.receive, S.processing, S.arranged, S.pickup),
    lines: [['Acetaminophen 500 mg', 40, '錠'], ['Atorvastatin 20 mg', 28, '錠']],
    receipt: [{ received: 30, note: '少一排十錠', reply: '缺貨，餘量明日補送' }, { received: 28 }],
  },
  {
    member: 6,
    daysAgo: 26,
    path: walk(S.receive, S.processing, S.arranged, S.pickup, S.finish),
    type: DeliveryType.repeatPrescription,
    repeatDays: 28,
    remark: '慢性處方箋第二次調劑',
    lines: [['Levothyroxine 50 mcg', 28, '錠'], ['Amlodipine 5 mg', 28, '錠']],
    receipt: [{ received: 28 }, { received: 28 }],
  },
  {
    member: 7,
    daysAgo: 6,
    path: walk(S.receive, S.processing, S.arranged, S.pickup, S.finish),
    lines: [['Lactulose 10 g/15 mL', 2, '瓶']],
    receipt: [{ received: 2 }],
  },
  { member: 8, daysAgo: 4, path: walk(S.reject), notes: { [S.reject]: '處方已逾期，請醫師重新開立' }, lines: [['Zolpidem 10 mg', 14, '錠']] },
  { member: 9, daysAgo: 5, path: walk(S.giveUp), notes: { [S.giveUp]: '醫師停藥' }, lines: [['Tamsulosin 0.2 mg', 28, '顆']] },
];

/** Seeds the demo delivery orders inside the demo's transaction, relative to `now`. */
export async function seedDeliveryOrders(tx: Tx, now: number, careOrgId: number, pharmacyOrgId: number): Promise<void> {
  const people = await tx
    .select({ id: staff.id, account: staff.account, name: staff.name })
    .from(staff)
    .where(inArray(staff.account, ['orgstaff', 'pharmstaff']));
  const care = people.find((p) => p.account === 'orgstaff')!;
  const pharmacy = people.find((p) => p.account === 'pharmstaff')!;
  const [counter] = await tx.select({ id: areas.id }).from(areas).where(eq(areas.orgId, pharmacyOrgId)).orderBy(desc(areas.id)).limit(1);
  const residents = await tx
    .select({ id: members.id, areaId: members.areaId })
    .from(members)
    .where(eq(members.orgId, careOrgId))
    .orderBy(asc(members.id));

  for (const o of demoOrders) {
    const submitted = now - o.daysAgo * DAY_MS - 3 * HOUR_MS;
    const resident = residents[o.member];
    const final = o.path.at(-1)!;
    const [order] = await tx
      .insert(deliveryOrders)
      .values({
        orgId: careOrgId,
        areaId: resident.areaId,
        memberId: resident.id,
        pharmacyOrgId,
        pharmacyAreaId: counter.id,
        type: o.type ?? DeliveryType.regular,
        state: final,
        requestedDate: new Date(submitted + DAY_MS),
        repeatDays: o.repeatDays ?? null,
        remark: o.remark ?? null,
        createdBy: care.id,
        createdAt: new Date(submitted),
        updatedAt: new Date(submitted + (o.path.length - 1) * 2 * HOUR_MS),
      })
      .returning({ id: deliveryOrders.id });
    const lines = await tx
      .insert(deliveryOrderLines)
      .values(o.lines.map(([medicineName, quantity, unit]) => ({ orderId: order.id, medicineName, quantity, unit })))
      .returning({ id: deliveryOrderLines.id, quantity: deliveryOrderLines.quantity });
    for (const [i, r] of (o.receipt ?? []).entries()) {
      const matches = r.received === lines[i].quantity;
      await tx
        .update(deliveryOrderLines)
        .set({
          state: matches ? DeliveryLineState.received : r.accept || final === S.finish ? DeliveryLineState.resolved : DeliveryLineState.query,
          receivedQuantity: r.received,
          receiptNote: r.note ?? null,
          reply: r.reply ?? null,
          checkedBy: care.id,
          checkedAt: new Date(submitted + o.path.length * 2 * HOUR_MS),
        })
        .where(eq(deliveryOrderLines.id, lines[i].id));
    }
    const history = o.path.map((to, i) => {
      const from = i === 0 ? null : o.path[i - 1];
      const edge = from === null ? undefined : deliveryEdge(from, to);
      if (from !== null && !edge) throw new Error(`demo delivery order: ${from} -> ${to} is not an edge`);
      const who = edge?.side === 'pharmacy' ? pharmacy : care;
      return {
        orderId: order.id,
        fromState: from,
        toState: to,
        side: edge?.side ?? 'care',
        staffId: who.id,
        staffName: who.name,
        note: o.notes?.[to] ?? null,
        createdAt: new Date(submitted + i * 2 * HOUR_MS),
      };
    });
    await tx.insert(deliveryOrderHistory).values(history);
  }
}
