import { and, asc, eq, inArray } from 'drizzle-orm';
import { toUnix, toUnixOrNull, type CareHandleKind, type DoseHandleRow } from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { careHandles } from '../../../db/schema/index.ts';
import { staffName } from '../../../resources/names.ts';

type HandleRecord = typeof careHandles.$inferSelect;

const selection = {
  h: careHandles,
  staffName: staffName(careHandles.staffId),
  witnessName: staffName(careHandles.witnessId),
  errorByName: staffName(careHandles.errorBy),
};

/**
 * A stored handle on the wire. Every kind shares SPEC's handle fields; a dose's handle adds its
 * administration (docs/care.md), which is null or false for the other kinds.
 */
function toRow(r: { h: HandleRecord; staffName: string | null; witnessName: string | null; errorByName: string | null }): DoseHandleRow {
  const h = r.h;
  return {
    id: h.id,
    state: h.state as DoseHandleRow['state'],
    content: h.content,
    staff_id: h.staffId,
    staff_name: r.staffName ?? '',
    handle_time: toUnix(h.handleTime),
    remark: h.remark,
    outcome: (h.outcome ?? 0) as DoseHandleRow['outcome'],
    reason: h.reason as DoseHandleRow['reason'],
    reason_text: h.reasonText,
    given_at: toUnixOrNull(h.givenAt),
    amount: h.amount,
    witness_name: r.witnessName,
    override_reason: h.overrideReason,
    effect_due_at: toUnixOrNull(h.effectDueAt),
    effect: h.effect as DoseHandleRow['effect'],
    effect_at: toUnixOrNull(h.effectAt),
    entered_in_error: h.enteredInError,
    error_reason: h.errorReason,
    error_by_name: r.errorByName,
    error_at: toUnixOrNull(h.errorAt),
    score: h.score,
    attachments: h.attachments,
  };
}

/** The handles of some items of one kind, oldest first, by item. */
export async function loadHandles(db: Db | Tx, kind: CareHandleKind, itemIds: number[]): Promise<Map<number, DoseHandleRow[]>> {
  const out = new Map<number, DoseHandleRow[]>();
  if (!itemIds.length) return out;
  const rows = await db
    .select(selection)
    .from(careHandles)
    .where(and(eq(careHandles.kind, kind), inArray(careHandles.itemId, itemIds)))
    .orderBy(asc(careHandles.id));
  for (const r of rows) {
    const list = out.get(r.h.itemId) ?? [];
    list.push(toRow(r));
    out.set(r.h.itemId, list);
  }
  return out;
}

/** One handle as the API shows it. */
export async function loadHandle(db: Db | Tx, id: number): Promise<DoseHandleRow> {
  const [row] = await db.select(selection).from(careHandles).where(eq(careHandles.id, id));
  return toRow(row!);
}
