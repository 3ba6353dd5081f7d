import type { TFunction } from 'i18next';
import type { Column } from '../server-table/ServerTable.tsx';
import { formatDate } from '../../lib/format.ts';
import { localeStore } from '../../lib/i18n.ts';

/** The audit column a list ends with (SPEC §3: created_at in unix seconds). */
export function createdColumn<R extends { created_at: number }>(t: TFunction): Column<R> {
  return {
    id: 'created_at',
    label: t('common.createdAt'),
    sortable: true,
    nowrap: true,
    render: (r) => formatDate(r.created_at, localeStore.get(), 'dateTime'),
  };
}

/** A nullable text cell: "-" rather than an empty cell, so a blank reads as "not set". */
export const orDash = (value: string | number | null | undefined): string => (value === null || value === undefined || value === '' ? '-' : String(value));
