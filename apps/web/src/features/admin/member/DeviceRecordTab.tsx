import { useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import AddLinkIcon from '@mui/icons-material/AddLink';
import { useQuery } from '@tanstack/react-query';
import { type MemberDeviceRecord, type Paginated, Resource, deviceTypeLabelKey, memberDeviceRecord, type DeviceType } from '@vigil/contracts';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { type Column, ServerTable } from '../../../components/server-table/ServerTable.tsx';
import { type ListParams, useListParams } from '../../../components/resource/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { request } from '../../../lib/http.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { actionPermission } from '../shared/action-permissions.ts';
import { BindDeviceToMemberDialog } from '../device/BindDialog.tsx';
import { useDeviceActions } from '../device/useDeviceActions.tsx';

/**
 * GET /user/device/{id} answers every binding of the member at once (a handful), not a page, so
 * the tab sorts and pages them here with the kit's table.
 */
function pageOf(rows: MemberDeviceRecord[], params: ListParams): Paginated<MemberDeviceRecord> {
  const sorted = [...rows].sort((a, b) => (params.order === 'asc' ? 1 : -1) * (a.bound_at - b.bound_at || a.id - b.id));
  const start = (params.page - 1) * params.per_page;
  return {
    current_page: params.page,
    last_page: Math.max(1, Math.ceil(rows.length / params.per_page)),
    list: sorted.slice(start, start + params.per_page),
    per_page: params.per_page,
    total: rows.length,
  };
}

/** Member detail tab: every device bound to the member, past and present; bind another, unbind a current one. */
export function DeviceRecordTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useListParams({ order: 'desc', order_by: 'bound_at' });
  // Keyed under /user so every binding change (bindingResources) refreshes the tab.
  const list = useQuery({
    queryKey: [Resource.user, 'devices', memberId],
    queryFn: ({ signal }) => request(`${Resource.user}/device/${memberId}`, { schema: z.array(memberDeviceRecord), signal }),
  });
  const [binding, setBinding] = useState(false);
  const device = useDeviceActions<MemberDeviceRecord>(
    (r) => ({ id: r.device_id, type: r.device_type, serial: r.serial, bound: r.unbound_at === null, history: r.unbound_at !== null }),
    ['unbind', 'settings'],
  );
  const columns = useMemo<Column<MemberDeviceRecord>[]>(() => {
    const when = (s: number | null) => (s === null ? '-' : formatDate(s, localeStore.get(), 'dateTime'));
    return [
      { id: 'device_type', label: t('admin.common.type'), nowrap: true, render: (r) => t(deviceTypeLabelKey[r.device_type as DeviceType]) },
      { id: 'serial', label: t('admin.device.serial'), nowrap: true },
      { id: 'device_name', label: t('admin.common.name'), nowrap: true, render: (r) => r.device_name ?? '-' },
      { id: 'bound_at', label: t('admin.device.boundAt'), nowrap: true, sortable: true, render: (r) => when(r.bound_at) },
      { id: 'unbound_at', label: t('admin.device.unboundAt'), nowrap: true, render: (r) => when(r.unbound_at) },
    ];
  }, [t]);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <PermissionButton method={actionPermission.deviceBind.method} route={actionPermission.deviceBind.route} variant="contained" startIcon={<AddLinkIcon />} onClick={() => setBinding(true)}>
          {t('admin.device.bind')}
        </PermissionButton>
      </Stack>
      <ServerTable label={t('admin.member.tabs.device')} columns={columns} data={list.data ? pageOf(list.data, params) : undefined} loading={list.isFetching} params={params} onParamsChange={setParams} rowKey={(r) => r.id} actions={{ custom: device.actions }} />
      {binding && <BindDeviceToMemberDialog memberId={memberId} onClose={() => setBinding(false)} />}
      {device.dialogs}
    </Stack>
  );
}
