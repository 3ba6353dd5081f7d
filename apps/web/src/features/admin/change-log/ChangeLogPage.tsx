import { type ReactNode, useMemo, useState } from 'react';
import type { ChangeSnapshot } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/date-range/DateRangePicker.tsx';
import { type DateRange, rangeToQuery, weekRange } from '../../../components/date-range/date-range-rules.ts';
import { type Column, type ContractOf, type FilterOption, ResourcePage, useAreaOptions } from '../../../components/resource/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { describeSnapshot } from './snapshot.ts';

type LogRow = { id: number; created_at: number; before: ChangeSnapshot; after: ChangeSnapshot; operator_name: string | null } & Record<string, unknown>;

type Props<R extends LogRow> = {
  title: string;
  /** The log's contract (`staffChangeLogResource`, `memberChangeLogResource`). */
  resource: ContractOf<R>;
  /** Who the entry is about (staff or member), and what kind of change it is. */
  subject: Column<R>;
  kind: Column<R>;
  kindOptions: FilterOption[];
  keywordLabel: string;
  extra?: ReactNode;
};

/** A read-only change log: who changed what on whom and when, before → after, filtered by date, kind and area. */
export function ChangeLogPage<R extends LogRow>({ title, resource, subject, kind, kindOptions, keywordLabel }: Props<R>) {
  const { t } = useTranslation();
  const areas = useAreaOptions();
  const [range, setRange] = useState<DateRange>(() => weekRange());
  const query = useMemo(() => rangeToQuery(range), [range]);
  const columns = useMemo<Column<R>[]>(
    () => [
      { id: 'created_at', label: t('admin.common.time'), sortable: true, render: (r) => formatDate(r.created_at, localeStore.get(), 'dateTime') },
      subject,
      kind,
      { id: 'before', label: t('admin.common.before'), render: (r) => describeSnapshot(t, r.before) },
      { id: 'after', label: t('admin.common.after'), render: (r) => describeSnapshot(t, r.after) },
      { id: 'operator_name', label: t('admin.common.operator'), render: (r) => r.operator_name ?? '-' },
    ],
    [t, subject, kind],
  );
  return (
    <ResourcePage
      title={title}
      resource={resource}
      columns={columns}
      initialParams={{ order: 'desc', order_by: 'created_at' }}
      extraQuery={query}
      searchExtras={<DateRangePicker value={range} onChange={setRange} />}
      filters={[
        { name: 'keyword', label: keywordLabel, kind: 'text' },
        { name: 'type', label: t('admin.common.type'), kind: 'select', options: kindOptions },
        { name: 'area_id', label: t('admin.common.area'), kind: 'select', options: areas },
      ]}
    />
  );
}
