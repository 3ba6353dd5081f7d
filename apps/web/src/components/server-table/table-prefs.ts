import { useCallback, useState } from 'react';
import { DEFAULT_PER_PAGE } from '@vigil/contracts';
import { readJson, writeItem } from '../../lib/storage.ts';
import { sessionStore, useSession } from '../../lib/session.ts';

/** Page sizes a table offers; SPEC §3's 15 first. */
export const PAGE_SIZES = [DEFAULT_PER_PAGE, 30, 50, 100] as const;

/** What a user chose for one table: the columns they hid and the page size. */
export type TablePrefs = { hidden: string[]; perPage: number };

const defaults: TablePrefs = { hidden: [], perPage: DEFAULT_PER_PAGE };

/**
 * One localStorage value per signed-in user and table, so two people sharing a ward computer each
 * keep their own choice, and a table's choice does not leak into another's. Kept across sign-out.
 */
export const tablePrefsKey = (userId: number, table: string) => `table-prefs:${userId}:${table}`;

/** A stored value is trusted only in its known shape; anything else reads as the defaults. */
function sanitize(raw: unknown): TablePrefs {
  if (!raw || typeof raw !== 'object') return defaults;
  const value = raw as Partial<TablePrefs>;
  const hidden = Array.isArray(value.hidden)
    ? value.hidden.filter((c): c is string => typeof c === 'string')
    : [];
  const perPage = (PAGE_SIZES as readonly number[]).includes(value.perPage as number)
    ? (value.perPage as number)
    : DEFAULT_PER_PAGE;
  return { hidden, perPage };
}

/** The stored choice of the signed-in user for a table; the defaults without a user or a table name. */
export function readTablePrefs(table: string | undefined, userId = sessionStore.get().user?.id): TablePrefs {
  if (table === undefined || userId === undefined) return defaults;
  return sanitize(readJson(tablePrefsKey(userId, table)));
}

/**
 * A table's remembered choice and its setter. Without a name (or a user) the choice lives as long
 * as the table is on screen.
 */
export function useTablePrefs(table: string | undefined): [TablePrefs, (patch: Partial<TablePrefs>) => void] {
  const userId = useSession().user?.id;
  const [prefs, setPrefs] = useState(() => readTablePrefs(table, userId));
  const update = useCallback(
    (patch: Partial<TablePrefs>) => {
      setPrefs((old) => {
        const next = { ...old, ...patch };
        if (table !== undefined && userId !== undefined)
          writeItem(tablePrefsKey(userId, table), JSON.stringify(next));
        return next;
      });
    },
    [table, userId],
  );
  return [prefs, update];
}
