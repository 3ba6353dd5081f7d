import { useMemo, useState } from 'react';
import { type MedicalState, type MedicalStateLogRow, medicalStateLabelKey, medicalStateLogResource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/date-range/DateRangePicker.tsx';
import { type DateRange, rangeToQuery, weekRange } from '../../../components/date-range/date-range-rules.ts';
import { type Column, enumOptions, orDash, ResourcePage, useAreaOptions } from '../../../components/resource/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { medicalStates } from '../member/member-form.ts';

/** SPEC §2 medical-state log: each change of a member's medical state, previous → new, by whom. */
export default function MedicalStateLogPage() {
  const { t } = useTranslation();
  const { term } = useMemberTerm();
  const areas = useAreaOptions();
  const [range, setRange] = useState<DateRange>(() => weekRange());
  const query = useMemo(() => rangeToQuery(range), [range]);
  const columns = useMemo<Column<MedicalStateLogRow>[]>(() => {
    const state = (s: number | null) => (s === null ? '-' : t(medicalStateLabelKey[s as MedicalState]));
    return [
      { id: 'created_at', label: t('admin.common.time'), sortable: true, render: (r) => formatDate(r.created_at, localeStore.get(), 'dateTime') },
      { id: 'member_name', label: t('admin.member.name', { term }) },
      { id: 'area_name', label: t('admin.common.area'), render: (r) => orDash(r.area_name) },
      { id: 'previous_state', label: t('admin.common.before'), render: (r) => state(r.previous_state) },
      { id: 'state', label: t('admin.common.after'), render: (r) => state(r.state) },
      { id: 'remark', label: t('admin.common.remark'), render: (r) => orDash(r.remark) },
      { id: 'operator_name', label: t('admin.common.operator'), render: (r) => orDash(r.operator_name) },
    ];
  }, [t, term]);
  return (
    <ResourcePage
      title={t('page.medical-state-log')}
      resource={medicalStateLogResource}
      columns={columns}
      initialParams={{ order: 'desc', order_by: 'created_at' }}
      extraQuery={query}
      searchExtras={<DateRangePicker value={range} onChange={setRange} />}
      filters={[
        { name: 'keyword', label: t('admin.member.name', { term }), kind: 'text' },
        { name: 'state', label: t('admin.member.medicalState'), kind: 'select', options: enumOptions(medicalStates, medicalStateLabelKey, t) },
        { name: 'area_id', label: t('admin.common.area'), kind: 'select', options: areas },
      ]}
    />
  );
}
