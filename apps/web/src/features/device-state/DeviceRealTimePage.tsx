import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditLocationAltIcon from '@mui/icons-material/EditLocationAlt';
import { type DeviceRealTimeRow, type DeviceType, Resource, deviceRealTimeResource, deviceTypeLabelKey, safeZone } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ActionDialog, type Column, FilterBar, type ListFilters, dialog, useAreaOptions, useListParams, useResourceList } from '../../components/resource/index.ts';
import { ServerTable } from '../../components/server-table/ServerTable.tsx';
import { type MapPoint, PositionMap } from '../../components/map/PositionMap.tsx';
import { formatDate } from '../../lib/format.ts';
import { localeStore } from '../../lib/i18n.ts';
import { useMemberTerm } from '../../lib/member-term.ts';

const when = (s: number | null) => (s === null ? '-' : formatDate(s, localeStore.get(), 'dateTime'));

/** Coordinates as text: the page stays useful where no map tiles load. */
export const coordinates = (r: Pick<DeviceRealTimeRow, 'lat' | 'lng'>) => (r.lat === null || r.lng === null ? '-' : `${r.lat.toFixed(5)}, ${r.lng.toFixed(5)}`);

/** Names the live device list in each user's remembered columns and page size. */
const TABLE = 'device-real-time';

/**
 * SPEC §7 `/device/bind/real-time`: each worn device's current state (online, battery, worn, last
 * position) with the members' positions and safe zones on a map. Setting a safe zone lets the
 * location rule raise "left safe zone" (101) when the wearer walks out of it.
 */
export default function DeviceRealTimePage() {
  const { t } = useTranslation();
  const { term, label } = useMemberTerm();
  const areas = useAreaOptions();
  const [filters, setFilters] = useState<ListFilters>({});
  const [params, setParams] = useListParams({ order_by: 'member_name' }, TABLE);
  const [zoneOf, setZoneOf] = useState<DeviceRealTimeRow | null>(null);
  const query = useResourceList(deviceRealTimeResource, params, filters);
  const rows = useMemo(() => query.data?.list ?? [], [query.data]);
  const points = useMemo<MapPoint[]>(
    () =>
      rows
        .filter((r) => r.lat !== null && r.lng !== null)
        .map((r) => ({ id: r.id, label: r.member_name, lat: r.lat!, lng: r.lng!, alert: r.in_zone === false, zone: r.safe_zone })),
    [rows],
  );
  const columns = useMemo<Column<DeviceRealTimeRow>[]>(
    () => [
      { id: 'member_name', label, sortable: true, nowrap: true, render: (r) => r.member_name },
      { id: 'device', label: t('admin.device.device'), nowrap: true, render: (r) => `${t(deviceTypeLabelKey[r.device_type as DeviceType])} · ${r.serial}` },
      {
        id: 'online',
        label: t('deviceState.connection'),
        nowrap: true,
        render: (r) => <Chip size="small" color={r.online ? 'success' : 'default'} label={t(r.online ? 'deviceState.online' : 'deviceState.offline')} />,
      },
      { id: 'battery', label: t('deviceState.battery'), nowrap: true, render: (r) => (r.battery === null ? '-' : t('deviceState.percent', { value: Math.round(r.battery) })) },
      { id: 'worn', label: t('deviceState.worn'), nowrap: true, render: (r) => (r.worn === null ? '-' : t(r.worn ? 'deviceState.wornYes' : 'deviceState.wornNo')) },
      { id: 'position', label: t('deviceState.position'), nowrap: true, render: (r) => coordinates(r) },
      {
        id: 'in_zone',
        label: t('deviceState.safeZone'),
        nowrap: true,
        render: (r) =>
          r.safe_zone === null ? (
            t('deviceState.noZone')
          ) : (
            <Chip size="small" color={r.in_zone === false ? 'error' : 'success'} label={t(r.in_zone === false ? 'deviceState.outside' : 'deviceState.inside', { radius: r.safe_zone.radius })} />
          ),
      },
      { id: 'last_seen_at', label: t('admin.device.lastSeen'), nowrap: true, sortable: true, render: (r) => when(r.last_seen_at) },
    ],
    [t, label],
  );
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('page.device-real-time')}</Typography>
      <FilterBar
        specs={[
          { name: 'keyword', label: t('admin.device.keyword', { term }), kind: 'text' },
          { name: 'area_id', label: t('admin.common.area'), kind: 'select', options: areas },
        ]}
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setParams((p) => ({ ...p, page: 1 }));
        }}
      />
      <PositionMap points={points} />
      <ServerTable<DeviceRealTimeRow>
        label={t('page.device-real-time')}
        name={TABLE}
        columns={columns}
        data={query.data}
        loading={query.isFetching}
        params={params}
        onParamsChange={setParams}
        rowKey={(r) => r.id}
        actions={{
          custom: [
            {
              id: 'zone',
              label: t('deviceState.setZone'),
              icon: <EditLocationAltIcon fontSize="small" />,
              permission: { method: 'PUT', route: `${Resource.userSafeZone}/{id}` },
              onClick: (r) => setZoneOf(r),
            },
          ],
        }}
      />
      {zoneOf && (
        <ActionDialog
          title={t('deviceState.zoneTitle', { name: zoneOf.member_name })}
          method="PUT"
          path={`${Resource.userSafeZone}/${zoneOf.member_id}`}
          permission={{ method: 'PUT', route: `${Resource.userSafeZone}/{id}` }}
          touches={[Resource.deviceBindRealTime]}
          onClose={() => setZoneOf(null)}
          dialog={dialog({
            schema: safeZone,
            defaultValues: zoneOf.safe_zone ?? { lat: zoneOf.lat ?? 25.033, lng: zoneOf.lng ?? 121.565, radius: 300 },
            fields: [
              { name: 'lat', label: t('deviceState.lat'), type: 'number', step: 0.00001 },
              { name: 'lng', label: t('deviceState.lng'), type: 'number', step: 0.00001 },
              { name: 'radius', label: t('deviceState.radius'), type: 'number', min: 20, max: 50000 },
            ],
            toBody: (zone) => ({ safe_zone: zone }),
          })}
        />
      )}
    </Stack>
  );
}
