import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { IndexPanelPath, type PageKey, RealtimeRoom } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { useNavigation } from '../../../lib/navigation.ts';
import { useSession } from '../../../lib/session.ts';
import { LiveStatusChip } from '../../realtime/index.ts';
import { useAreaSummary, useDeviceSummary, useLivePanel, useSleepDeviceSummary } from '../api.ts';
import { mayWatchDeviceRooms, visiblePanels } from '../panels.ts';

/** One figure: what it counts, then the count with its unit. `tone` marks figures that need attention. */
function Figure({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone?: 'good' | 'warn';
  testId: string;
}) {
  return (
    <Box data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h3"
        component="p"
        sx={{
          color: tone === 'warn' ? 'warning.main' : tone === 'good' ? 'success.main' : 'text.primary',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** A panel card; its title links to the page whose rows it counts when the role has that page. */
function Panel({
  id,
  title,
  page,
  loading,
  children,
}: {
  id: string;
  title: string;
  page: PageKey;
  loading: boolean;
  children: ReactNode;
}) {
  const { pages } = useNavigation();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={`index-panel-${id}`}
      data-testid={`index-panel-${id}`}
    >
      <CardContent>
        <Typography id={`index-panel-${id}`} variant="h3" component="h3" sx={{ mb: 1.5 }}>
          {pages.has(page) ? (
            <Link component={RouterLink} to={`/${page}`} underline="hover" color="inherit">
              {title}
            </Link>
          ) : (
            title
          )}
        </Typography>
        {loading ? <Skeleton variant="rounded" height={64} /> : children}
      </CardContent>
    </Card>
  );
}

const figureGrid = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
} as const;

function DevicePanel({ live }: { live: boolean }) {
  const { t } = useTranslation();
  const query = useDeviceSummary();
  useLivePanel(IndexPanelPath.devices, { enabled: live, rooms: [RealtimeRoom.watch, RealtimeRoom.chylyng] });
  const d = query.data;
  const devices = (count: number) => t('home.panel.deviceCount', { count });
  return (
    <Panel id="devices" title={t('home.panel.devices')} page="device-real-time" loading={!d}>
      {d && (
        <Box sx={figureGrid}>
          <Figure testId="figure-bound" label={t('home.panel.bound')} value={devices(d.bound)} />
          <Figure
            testId="figure-online"
            label={t('deviceState.online')}
            value={devices(d.online)}
            tone="good"
          />
          <Figure
            testId="figure-offline"
            label={t('deviceState.offline')}
            value={devices(d.offline)}
            tone={d.offline > 0 ? 'warn' : undefined}
          />
          <Figure
            testId="figure-low-battery"
            label={t('home.panel.lowBattery')}
            value={devices(d.low_battery)}
            tone={d.low_battery > 0 ? 'warn' : undefined}
          />
          <Figure
            testId="figure-not-worn"
            label={t('deviceState.wornNo')}
            value={devices(d.not_worn)}
            tone={d.not_worn > 0 ? 'warn' : undefined}
          />
        </Box>
      )}
    </Panel>
  );
}

function SleepPanel({ live }: { live: boolean }) {
  const { t } = useTranslation();
  const query = useSleepDeviceSummary();
  useLivePanel(IndexPanelPath.sleepDevices, { enabled: live, rooms: [RealtimeRoom.sleep] });
  const s = query.data;
  const sensors = (count: number) => t('home.panel.sensorCount', { count });
  return (
    <Panel id="sleep-devices" title={t('home.panel.sleepDevices')} page="device-sleep-history" loading={!s}>
      {s && (
        <Box sx={figureGrid}>
          <Figure testId="figure-sensors" label={t('home.panel.installed')} value={sensors(s.total)} />
          <Figure
            testId="figure-in-bed"
            label={t('deviceState.inBed')}
            value={sensors(s.in_bed)}
            tone="good"
          />
          <Figure
            testId="figure-out-of-bed"
            label={t('deviceState.outOfBed')}
            value={sensors(s.out_of_bed)}
          />
          <Figure
            testId="figure-no-signal"
            label={t('home.panel.noSignal')}
            value={sensors(s.no_signal)}
            tone={s.no_signal > 0 ? 'warn' : undefined}
          />
        </Box>
      )}
    </Panel>
  );
}

function AreaPanel({ live }: { live: boolean }) {
  const { t } = useTranslation();
  const { terms } = useMemberTerm();
  const query = useAreaSummary();
  // Alerts arrive on the connection itself; device rooms are joined only where the role may.
  useLivePanel(IndexPanelPath.areas, {
    enabled: true,
    rooms: live ? [RealtimeRoom.watch, RealtimeRoom.chylyng, RealtimeRoom.sleep] : [],
    alerts: true,
  });
  const list = query.data?.list;
  const alerts = list?.some((a) => a.open_alerts !== null) ?? false;
  return (
    <Panel id="areas" title={t('home.panel.areas')} page="area" loading={!list}>
      {list && list.length === 0 && <EmptyState text={t('home.panel.noAreas')} />}
      {list && list.length > 0 && (
        // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
        <Box tabIndex={0} role="region" aria-labelledby="index-panel-areas" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="index-panel-areas" sx={{ whiteSpace: 'nowrap' }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('home.area')}</TableCell>
                <TableCell align="right">{terms}</TableCell>
                {alerts && <TableCell align="right">{t('home.panel.openAlerts')}</TableCell>}
                <TableCell align="right">{t('home.panel.devicesOnline')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((a) => (
                <TableRow key={a.area_id} data-testid="area-row">
                  <TableCell component="th" scope="row">
                    {a.area_name}
                  </TableCell>
                  <TableCell align="right">{t('home.panel.peopleCount', { count: a.members })}</TableCell>
                  {alerts && (
                    <TableCell align="right">
                      {a.open_alerts ? (
                        <Chip
                          size="small"
                          color="error"
                          label={t('home.panel.alertCount', { count: a.open_alerts })}
                        />
                      ) : (
                        t('home.panel.alertCount', { count: 0 })
                      )}
                    </TableCell>
                  )}
                  <TableCell align="right">
                    {t('home.panel.deviceCount', { count: a.devices_online })}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Panel>
  );
}

/**
 * The index page's live figures (SPEC §2 device, sleep-device and area content; the personal
 * content is the greeting above): only the panels the role's permissions allow, updated from the
 * socket while shown.
 */
export function IndexPanels() {
  const { t } = useTranslation();
  const session = useSession();
  const panels = visiblePanels(session);
  if (panels.length === 0) return null;
  const live = mayWatchDeviceRooms(session);
  return (
    <Box component="section" aria-labelledby="home-now" sx={{ mb: 3 }}>
      <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 1 }}>
        <Typography id="home-now" variant="h2" component="h2">
          {t('home.panel.title')}
        </Typography>
        <LiveStatusChip />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(340px, 1fr))' },
          alignItems: 'start',
        }}
      >
        {panels.includes('devices') && <DevicePanel live={live} />}
        {panels.includes('sleepDevices') && <SleepPanel live={live} />}
        {panels.includes('areas') && <AreaPanel live={live} />}
      </Box>
    </Box>
  );
}
