import { useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import AddLinkIcon from '@mui/icons-material/AddLink';
import { type MemberDeviceRecord, Resource, deviceTypeLabelKey, memberDeviceRecord, type DeviceType } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { type Column, ServerTable } from '../../../components/server-table/ServerTable.tsx';
import { useListParams } from '../../../components/server-table/list-params.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { actionPermission } from '../shared/action-permissions.ts';
import { useResourceList } from '../shared/api.ts';
import { BindDeviceToMemberDialog } from '../device/BindDialog.tsx';
import { useDeviceActions } from '../device/useDeviceActions.tsx';

/** Member detail tab: every device bound to the member, past and present; bind another, unbind a current one. */
export function DeviceRecordTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useListParams({ order: 'desc', order_by: 'bound_at' });
  const list = useResourceList(`${Resource.user}/device/${memberId}`, memberDeviceRecord, params);
  const [binding, setBinding] = useState(false);
  const device = useDeviceActions<MemberDeviceRecord>(
    (r) => ({ id: r.device_id, type: r.device_type, serial: r.serial, bound: r.unbound_at === null, history: r.unbound_at !== null }),
    ['unbind', 'settings'],
  );
  const columns = useMemo<Column<MemberDeviceRecord>[]>(() => {
    const when = (s: number | null) => (s === null ? '-' : formatDate(s, localeStore.get(), 'dateTime'));
    return [
      { id: 'device_type', label: t('admin.common.type'), render: (r) => t(deviceTypeLabelKey[r.device_type as DeviceType]) },
      { id: 'serial', label: t('admin.device.serial') },
      { id: 'device_name', label: t('admin.common.name'), render: (r) => r.device_name ?? '-' },
      { id: 'bound_at', label: t('admin.device.boundAt'), sortable: true, render: (r) => when(r.bound_at) },
      { id: 'unbound_at', label: t('admin.device.unboundAt'), render: (r) => when(r.unbound_at) },
    ];
  }, [t]);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <PermissionButton method={actionPermission.deviceBind.method} route={actionPermission.deviceBind.route} variant="contained" startIcon={<AddLinkIcon />} onClick={() => setBinding(true)}>
          {t('admin.device.bind')}
        </PermissionButton>
      </Stack>
      <ServerTable label={t('admin.member.tabs.device')} columns={columns} data={list.data} loading={list.isFetching} params={params} onParamsChange={setParams} rowKey={(r) => r.id} actions={{ custom: device.actions }} />
      {binding && <BindDeviceToMemberDialog memberId={memberId} onClose={() => setBinding(false)} />}
      {device.dialogs}
    </Stack>
  );
}
