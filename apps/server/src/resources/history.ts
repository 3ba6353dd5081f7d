import type { Tx } from '../db/client.ts';
import { recordChanges } from '../db/schema/index.ts';
import type { Principal } from '../auth/principal.ts';
import type { WriteAction } from './types.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The resources (paths) whose record history this write route keeps: the kit's write routes
     * of a resource with history, and service routes that write such records through its
     * `writes`. The catalogue test (resources/history-catalogue.test.ts) holds every write route to it.
     */
    history?: string | readonly string[];
  }
}

type WireKey<TRow> = Extract<keyof TRow, string>;

/**
 * How a resource's rows land in the record history. The organisation and area keys default to
 * the wire's `org_id` and `area_id` (they scope who reads the history); `member` names the key
 * holding the member a record is about, if any.
 */
export type HistoryOptions<TRow> = { member?: WireKey<TRow>; org?: WireKey<TRow>; area?: WireKey<TRow> };

/**
 * The writer the kit calls in each write's transaction: one record_changes row with the API rows
 * before and after the write. A resource whose rows carry no organisation cannot be scoped, so
 * opting it in is refused when the definition is made.
 */
export function historyWriter<TRow>(path: string, options: HistoryOptions<TRow>, wireKeys: readonly string[]) {
  const orgKey = options.org ?? 'org_id';
  const areaKey = options.area ?? (wireKeys.includes('area_id') ? 'area_id' : undefined);
  for (const key of [orgKey, areaKey, options.member, 'id']) {
    if (key !== undefined && !wireKeys.includes(key)) throw new Error(`${path}: history reads '${key}', which the wire map lacks`);
  }
  const read = (row: TRow, key: string | undefined): number | null => {
    if (key === undefined) return null;
    const value = (row as Record<string, unknown>)[key];
    return typeof value === 'number' ? value : null;
  };

  return async (tx: Tx, principal: Principal, action: WriteAction, before: TRow | null, after: TRow | null): Promise<void> => {
    const row = after ?? before;
    if (!row) return;
    await tx.insert(recordChanges).values({
      orgId: read(row, orgKey)!,
      areaId: read(row, areaKey),
      resource: path,
      recordId: read(row, 'id')!,
      memberId: read(row, options.member),
      action,
      before,
      after,
      staffId: principal.staffId,
    });
  };
}
