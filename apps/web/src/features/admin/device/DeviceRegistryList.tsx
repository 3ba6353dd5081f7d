import { type ReactNode, useMemo } from 'react';
import { type DeviceRow, type DeviceType, deviceResource, deviceTypeLabelKey, deviceUpdate } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, dialog, enumOptions, ResourcePage, useAreaOptions } from '../../../components/resource/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { bindingResources } from './bind-api.ts';
import { RegisterDeviceButton } from './RegisterDeviceButton.tsx';
import { useDeviceActions } from './useDeviceActions.tsx';

type Props = { title: string; types: readonly DeviceType[]; subHeader?: ReactNode };

/**
 * The organisation's registered devices (/device/bind), bound or not, member-level and room
 * devices alike: a space sensor is bound to an area, so it never appears in a member binding list.
 * Edit name, model and area; enable; delete an unbound device; bind, unbind, settings, key.
 */
export function DeviceRegistryList({ title, types, subHeader }: Props) {
  const { t } = useTranslation();
  const { term } = useMemberTerm();
  const areas = useAreaOptions();
  const device = useDeviceActions<DeviceRow>((r) => ({ id: r.id, type: r.type, serial: r.serial, bound: r.binding !== null }), ['bind', 'unbind', 'settings', 'key']);
  const columns = useMemo<Column<DeviceRow>[]>(() => {
    const when = (s: number | null) => (s === null ? '-' : formatDate(s, localeStore.get(), 'dateTime'));
    return [
      { id: 'type', label: t('admin.common.type'), nowrap: true, sortable: true, render: (r) => t(deviceTypeLabelKey[r.type as DeviceType]) },
      { id: 'serial', label: t('admin.device.serial'), nowrap: true, sortable: true },
      { id: 'name', label: t('admin.common.name'), nowrap: true, render: (r) => r.name ?? '-' },
      { id: 'area_name', label: t('admin.common.area'), nowrap: true, render: (r) => r.area_name ?? '-' },
      { id: 'binding', label: t('admin.device.boundTo', { term }), render: (r) => r.binding?.member_name ?? r.binding?.area_name ?? '-' },
      { id: 'last_seen_at', label: t('admin.device.lastSeen'), nowrap: true, sortable: true, render: (r) => when(r.last_seen_at) },
    ];
  }, [t, term]);
  const edit = (r: DeviceRow) =>
    dialog({
      schema: deviceUpdate,
      defaultValues: { name: r.name ?? '', model: r.model ?? '', area_id: r.area_id },
      fields: [
        { name: 'name', label: t('admin.common.name') },
        { name: 'model', label: t('admin.device.model') },
        { name: 'area_id', label: t('admin.common.area'), options: areas },
      ],
      toBody: (v) => ({ ...v, name: v.name || null, model: v.model || null }),
    });
  return (
    <>
      <ResourcePage
        title={title}
        resource={deviceResource}
        columns={columns}
        initialParams={{ order: 'desc' }}
        filters={[
          { name: 'keyword', label: t('admin.device.serialOrName'), kind: 'text' },
          { name: 'type', label: t('admin.common.type'), kind: 'select', options: enumOptions(types, deviceTypeLabelKey, t) },
          { name: 'area_id', label: t('admin.common.area'), kind: 'select', options: areas },
          { name: 'state', label: t('admin.common.state'), kind: 'select', options: [{ value: 1, label: t('admin.device.bound') }, { value: 0, label: t('admin.device.unboundNow') }] },
        ]}
        edit={{ title: t('admin.device.edit'), dialog: edit }}
        enable={{ field: 'enable' }}
        deletable
        touches={bindingResources}
        rowActions={device.actions}
        headerActions={<RegisterDeviceButton types={types} />}
        subHeader={subHeader}
      />
      {device.dialogs}
    </>
  );
}
