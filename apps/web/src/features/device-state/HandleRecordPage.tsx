import { useMemo } from 'react';
import { type HandleRecordRow, handleRecordResource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, ResourcePage, orDash, useAreaOptions } from '../../components/resource/index.ts';
import { formatDate } from '../../lib/format.ts';
import { localeStore } from '../../lib/i18n.ts';
import { useMemberTerm } from '../../lib/member-term.ts';
import { AlertTypeChip } from '../abnormal/index.ts';

/**
 * SPEC §2 hotel "handling records": every handling of an abnormal event, newest first, with the
 * alert it answered, the guest and the area, who handled it and what was done.
 */
export default function HandleRecordPage() {
  const { t } = useTranslation();
  const { term, label } = useMemberTerm();
  const areas = useAreaOptions();
  const columns = useMemo<Column<HandleRecordRow>[]>(() => {
    const when = (s: number) => formatDate(s, localeStore.get(), 'dateTime');
    return [
      { id: 'handle_time', label: t('abnormal.field.handleTime'), sortable: true, nowrap: true, render: (r) => when(r.handle_time) },
      { id: 'type', label: t('abnormal.field.type'), render: (r) => <AlertTypeChip type={r.type} /> },
      { id: 'occur_time', label: t('abnormal.field.occurTime'), nowrap: true, render: (r) => when(r.occur_time) },
      { id: 'member_name', label, nowrap: true, render: (r) => orDash(r.member_name) },
      { id: 'area_name', label: t('abnormal.field.area'), nowrap: true, render: (r) => orDash(r.area_name) },
      { id: 'content', label: t('abnormal.handle.content'), minWidth: 160 },
      { id: 'staff_name', label: t('abnormal.field.handledBy'), nowrap: true },
      { id: 'remark', label: t('abnormal.handle.remark'), render: (r) => orDash(r.remark) },
    ];
  }, [t, label]);
  return (
    <ResourcePage
      title={t('page.handle-record')}
      resource={handleRecordResource}
      columns={columns}
      initialParams={{ order: 'desc', order_by: 'handle_time' }}
      filters={[
        { name: 'keyword', label: t('deviceState.handleKeyword', { term }), kind: 'text' },
        { name: 'area_id', label: t('admin.common.area'), kind: 'select', options: areas },
      ]}
    />
  );
}
