import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import AddLinkIcon from '@mui/icons-material/AddLink';
import { type MemberDeviceRecord, Resource, deviceTypeLabelKey, memberDeviceRecord, type DeviceType } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { type Column, ServerTable } from '../../../components/server-table/ServerTable.tsx';
import { useListParams } from '../../../components/server-table/list-params.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import { useResourceList } from '../shared/api.ts';
import { bindRoute, unbindRoute, useUnbind } from '../device/bind-api.ts';
import { BindDeviceToMemberDialog } from '../device/BindDialog.tsx';

/** Member detail tab: every device bound to the member, past and present; bind another, unbind a current one. */
export function DeviceRecordTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useListParams({ order: 'desc', order_by: 'bound_at' });
  const list = useResourceList(`${Resource.user}/device/${memberId}`, memberDeviceRecord, params);
  const canUnbind = usePermission('POST', unbindRoute);
  const unbind = useUnbind();
  const [binding, setBinding] = useState(false);
  const [unbinding, setUnbinding] = useState<MemberDeviceRecord | null>(null);
  const when = (s: number | null) => (s === null ? '-' : formatDate(s, localeStore.get(), 'dateTime'));
  const columns = useMemo<Column<MemberDeviceRecord>[]>(
    () => [
      { id: 'device_type', label: t('admin.common.type'), render: (r) => t(deviceTypeLabelKey[r.device_type as DeviceType]) },
      { id: 'serial', label: t('admin.device.serial') },
      { id: 'device_name', label: t('admin.common.name'), render: (r) => r.device_name ?? '-' },
      { id: 'bound_at', label: t('admin.device.boundAt'), sortable: true, render: (r) => when(r.bound_at) },
      { id: 'unbound_at', label: t('admin.device.unboundAt'), render: (r) => when(r.unbound_at) },
      {
        id: 'unbind',
        label: t('admin.device.unbind'),
        render: (r) =>
          r.unbound_at === null ? (
            <Button size="small" color="warning" startIcon={<LinkOffIcon />} disabled={!canUnbind} onClick={() => setUnbinding(r)}>
              {t('admin.device.unbind')}
            </Button>
          ) : (
            '-'
          ),
      },
    ],
    [t, canUnbind],
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <PermissionButton method="POST" route={bindRoute} variant="contained" startIcon={<AddLinkIcon />} onClick={() => setBinding(true)}>
          {t('admin.device.bind')}
        </PermissionButton>
      </Stack>
      <ServerTable label={t('admin.member.tabs.device')} columns={columns} data={list.data} loading={list.isFetching} params={params} onParamsChange={setParams} rowKey={(r) => r.id} />
      {binding && <BindDeviceToMemberDialog memberId={memberId} onClose={() => setBinding(false)} />}
      <ConfirmDialog
        open={unbinding !== null}
        title={t('admin.device.unbindTitle')}
        message={t('admin.device.unbindMessage', { serial: unbinding?.serial ?? '' })}
        confirmLabel={t('admin.device.unbind')}
        onClose={() => setUnbinding(null)}
        onConfirm={() => unbind.mutateAsync(unbinding!.device_id)}
      />
    </Stack>
  );
}
