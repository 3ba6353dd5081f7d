import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  type DeviceType,
  type RealtimeDeviceData,
  type RealtimeRoom,
  abnormalStoreCategoryLabelKey,
  deviceTypeLabelKey,
  realtimeDeviceData,
  realtimeRoomEvent,
  realtimeRooms,
} from '@vigil/contracts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useStore } from '../../../lib/store.ts';
import { realtime } from '../connection.ts';
import { LiveStatusChip } from './LiveStatusChip.tsx';
import { mergeReading } from '../live-readings.ts';

/** Rooms that carry live data (SPEC names no live event for the diaper room). */
const liveRooms = realtimeRooms.filter((room) => realtimeRoomEvent[room] !== null);

/** Streams one device room while it is selected: joins on show, leaves on switch or close. */
function useRoomReadings(room: RealtimeRoom): RealtimeDeviceData[] {
  // Readings are kept with the room they belong to, so switching rooms shows nothing stale.
  const [state, setState] = useState<{ room: RealtimeRoom; list: RealtimeDeviceData[] }>({ room, list: [] });
  useEffect(() => {
    const event = realtimeRoomEvent[room];
    if (!event) return;
    const off = realtime.on(event, realtimeDeviceData, (data) => {
      if (data.room !== room) return;
      setState((s) => ({ room, list: mergeReading(s.room === room ? s.list : [], data) }));
    });
    realtime.joinRoom(room);
    return () => {
      off();
      realtime.leaveRoom(room);
    };
  }, [room]);
  return state.room === room ? state.list : [];
}

function valueText(value: number | string | boolean | null, yes: string, no: string): string {
  if (value === null) return '-';
  if (typeof value === 'boolean') return value ? yes : no;
  return String(value);
}

/** The home page's live tab: the latest data of the organisation's devices, room by room. */
export default function LiveDevicePanel() {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const [room, setRoom] = useState<RealtimeRoom>(liveRooms[0]);
  const readings = useRoomReadings(room);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        <ToggleButtonGroup exclusive size="small" value={room} onChange={(_e, v: RealtimeRoom | null) => v && setRoom(v)} aria-label={t('realtime.live.rooms')}>
          {liveRooms.map((r) => (
            <ToggleButton key={r} value={r}>
              {t(abnormalStoreCategoryLabelKey[r])}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <LiveStatusChip />
      </Stack>
      {readings.length === 0 ? (
        <EmptyState text={t('realtime.live.waiting')} />
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }} aria-live="polite">
          {readings.map((d) => (
            <Paper key={d.device.id} variant="outlined" sx={{ p: 1.5 }}>
              <Typography fontWeight={600}>{d.member?.name ?? d.device.name ?? t(deviceTypeLabelKey[d.device.type as DeviceType])}</Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {[d.area?.name, d.device.name ?? t(deviceTypeLabelKey[d.device.type as DeviceType])].filter(Boolean).join(' · ')}
              </Typography>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, m: 0, mt: 1 }}>
                {Object.entries(d.values).map(([key, value]) => (
                  <Box key={key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(`realtime.value.${key}`, { defaultValue: key })}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                      {valueText(value, t('realtime.value.yes'), t('realtime.value.no'))}
                    </Typography>
                  </Box>
                ))}
              </Box>
              <Typography variant="caption" color="text.secondary">
                {formatDate(d.occur_time, locale, 'dateTime')}
              </Typography>
            </Paper>
          ))}
        </Box>
      )}
    </Stack>
  );
}
