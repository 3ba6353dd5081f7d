import { type ReactNode, useMemo } from 'react';
import { type DeviceBindingRow, type DeviceType, deviceTypeLabelKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, type ContractOf, enumOptions, ResourcePage, useAreaOptions } from '../../../components/resource/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { RegisterDeviceButton } from './RegisterDeviceButton.tsx';
import { useDeviceActions } from './useDeviceActions.tsx';

type Props = {
  title: string;
  /** The binding list's contract (`deviceBindingResource`, `chylyngBindingResource`, …). */
  resource: ContractOf<DeviceBindingRow>;
  /** Device types the page is about; a single type hides the type filter. */
  types: readonly DeviceType[];
  /** Types the register button offers; default `types`. */
  registerTypes?: readonly DeviceType[];
  /** The 4G watch list ends a binding with DELETE on its own path (SPEC §2's delete dialog). */
  endByDelete?: boolean;
  subHeader?: ReactNode;
};

/**
 * Device binding lists (general devices, IoT devices, 4G location watches): who or where each
 * device is bound, since when; register a device, end a binding, rotate its key, open a sensor's
 * alert settings.
 */
export function BindingListPage({ title, resource, types, registerTypes = types, endByDelete, subHeader }: Props) {
  const { t } = useTranslation();
  const { term } = useMemberTerm();
  const areas = useAreaOptions();
  const device = useDeviceActions<DeviceBindingRow>(
    (r) => ({ id: r.device_id, type: r.device_type, serial: r.serial, bound: r.unbound_at === null, history: r.unbound_at !== null }),
    endByDelete ? ['settings', 'key'] : ['unbind', 'settings', 'key'],
  );
  const columns = useMemo<Column<DeviceBindingRow>[]>(() => {
    const when = (s: number | null) => (s === null ? '-' : formatDate(s, localeStore.get(), 'dateTime'));
    return [
      { id: 'device_type', label: t('admin.common.type'), nowrap: true, render: (r) => t(deviceTypeLabelKey[r.device_type as DeviceType]) },
      { id: 'serial', label: t('admin.device.serial'), nowrap: true },
      { id: 'device_name', label: t('admin.common.name'), nowrap: true, render: (r) => r.device_name ?? '-' },
      { id: 'member_name', label: t('admin.device.boundTo', { term }), render: (r) => r.member_name ?? r.area_name ?? '-' },
      { id: 'bound_at', label: t('admin.device.boundAt'), nowrap: true, sortable: true, render: (r) => when(r.bound_at) },
      { id: 'unbound_at', label: t('admin.device.unboundAt'), nowrap: true, render: (r) => when(r.unbound_at) },
      { id: 'last_seen_at', label: t('admin.device.lastSeen'), nowrap: true, render: (r) => when(r.last_seen_at) },
    ];
  }, [t, term]);
  return (
    <>
      <ResourcePage
        title={title}
        resource={resource}
        columns={columns}
        initialParams={{ order: 'desc' }}
        fixedFilters={types.length === 1 ? { device_types: types[0] } : undefined}
        filters={[
          { name: 'keyword', label: t('admin.device.keyword', { term }), kind: 'text' },
          ...(types.length > 1 ? [{ name: 'device_types', label: t('admin.common.type'), kind: 'select' as const, options: enumOptions(types, deviceTypeLabelKey, t) }] : []),
          { name: 'area_id', label: t('admin.common.area'), kind: 'select', options: areas },
          { name: 'state', label: t('admin.common.state'), kind: 'select', options: [{ value: 1, label: t('admin.device.bound') }, { value: 0, label: t('admin.device.ended') }] },
        ]}
        deletable={endByDelete}
        rowActions={device.actions}
        headerActions={<RegisterDeviceButton types={registerTypes} />}
        subHeader={subHeader}
      />
      {device.dialogs}
    </>
  );
}
