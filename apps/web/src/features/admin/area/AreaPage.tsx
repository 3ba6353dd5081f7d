import { useMemo } from 'react';
import { type AreaRow, areaCreate, areaResource, areaUpdate } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, createdColumn, dialog, orDash, ResourcePage, useIsOperator } from '../../../components/resource/index.ts';

/** SPEC §2 areas: an organisation's floors and wings; area-scoped roles see only their own. */
export default function AreaPage() {
  const { t } = useTranslation();
  const operator = useIsOperator();
  const columns = useMemo<Column<AreaRow>[]>(
    () => [
      { id: 'name', label: t('admin.area.name'), sortable: true },
      ...(operator ? [{ id: 'org_name', label: t('admin.common.org') }] : []),
      { id: 'remark', label: t('admin.common.remark'), render: (r: AreaRow) => orDash(r.remark) },
      createdColumn<AreaRow>(t),
    ],
    [t, operator],
  );
  const fields = [
    { name: 'name' as const, label: t('admin.area.name'), required: true },
    { name: 'remark' as const, label: t('admin.common.remark'), multiline: true },
  ];
  return (
    <ResourcePage
      title={t('page.area')}
      resource={areaResource}
      columns={columns}
      filters={[{ name: 'name', label: t('admin.area.name'), kind: 'text' }]}
      create={{ label: t('admin.area.create'), dialog: dialog({ schema: areaCreate, defaultValues: { name: '', remark: '' }, fields }) }}
      edit={{
        title: t('admin.area.edit'),
        dialog: (r) => dialog({ schema: areaUpdate, defaultValues: { name: r.name, remark: r.remark ?? '' }, fields }),
      }}
      enable={{ field: 'enable' }}
      deletable
    />
  );
}
