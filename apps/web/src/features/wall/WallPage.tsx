import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { alpha, type Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Resource, wallSnapshot } from '@vigil/contracts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { request } from '../../lib/http.ts';
import { useMemberTerm } from '../../lib/member-term.ts';
import { LiveStatusChip, realtime } from '../realtime/index.ts';
import { WallStore } from './store.ts';
import { WallTile } from './WallTile.tsx';
import { WALL_JOIN_WAIT_MS, useWallFeed, wallRooms } from './useWallFeed.ts';

/** How long the wall screen shows each area before moving on. */
export const AREA_CYCLE_MS = 20_000;
const ALL = 'all';

const priorityTone = { high: 'error', medium: 'warning', low: 'info' } as const;

/** Tiles are plain elements styled once here: 200 MUI components re-rendering per frame would not stay smooth. */
const gridSx = (theme: Theme, wall: boolean) => ({
  display: 'grid',
  gap: wall ? 2 : 1.5,
  gridTemplateColumns: wall
    ? 'repeat(auto-fill, minmax(340px, 1fr))'
    : { xs: '1fr', sm: 'repeat(auto-fill, minmax(250px, 1fr))' },
  fontSize: wall ? '1.35rem' : '0.875rem',
  '& > div': { minWidth: 0 },
  '& .wall-tile': {
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: 1,
    bgcolor: 'background.paper',
    p: wall ? 2 : 1.5,
    minWidth: 0,
    height: '100%',
    boxSizing: 'border-box',
    contain: 'content',
  },
  // IEC 60601-1-8 colours by the highest open priority: high red, medium yellow, low cyan.
  '& .wall-alerted': { borderWidth: 2 },
  ...Object.fromEntries(
    (['high', 'medium', 'low'] as const).map((p) => {
      const colour = theme.palette[priorityTone[p]].main;
      return [
        `& .wall-${p}`,
        { borderColor: colour, bgcolor: alpha(colour, theme.palette.mode === 'dark' ? 0.16 : 0.06) },
      ];
    }),
  ),
  '& .wall-head': { display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1 },
  '& .wall-name': { m: 0, fontSize: '1.15em', fontWeight: 600 },
  '& .wall-place': { color: 'text.secondary', fontSize: '0.85em' },
  '& .wall-alerts': { listStyle: 'none', m: 0, mb: 1, p: 0, display: 'grid', gap: 0.5 },
  '& .wall-alerts li': { display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' },
  '& .wall-alerts .MuiChip-root': {
    maxWidth: '100%',
    ...(wall && { fontSize: '0.8em', height: 'auto', py: 0.5 }),
  },
  '& .wall-vitals': { m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 },
  '& .wall-vital dt': { color: 'text.secondary', fontSize: '0.8em' },
  '& .wall-vital dd': { m: 0, display: 'flex', flexDirection: 'column' },
  '& .wall-value': {
    fontSize: '1.25em',
    fontWeight: 600,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  '& .wall-age': { color: 'text.secondary', fontSize: '0.75em' },
  '& .wall-state': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: 1,
    mt: 1,
    pt: 1,
    borderTop: `1px solid ${theme.palette.divider}`,
    fontSize: '0.85em',
  },
  // Small text: the darker (light theme) or lighter (dark theme) green keeps a 4.5:1 contrast.
  '& .wall-on': { color: theme.palette.mode === 'dark' ? 'success.light' : 'success.dark', fontWeight: 600 },
  '& .wall-off': { color: 'text.secondary', fontWeight: 600 },
  '& .wall-more': { color: 'text.secondary', fontSize: '0.85em' },
});

/**
 * The live wall (docs/wall.md): every member in scope as a tile, open alerts first. One snapshot
 * on arrival, then the socket only. The wall screen fills the display with large type and cycles
 * through the areas; on a phone the tiles stack in one column.
 */
export default function WallPage() {
  const { t } = useTranslation();
  const { terms } = useMemberTerm();
  const [store] = useState(() => new WallStore());
  // Before the snapshot's query: the rooms are asked for first, and the snapshot waits for them.
  useWallFeed(store);
  const snapshot = useQuery({
    queryKey: [Resource.wall],
    queryFn: async ({ signal }) => {
      // Read once the socket is in the rooms, so no reading falls between the snapshot and the feed.
      await realtime.whenJoined(wallRooms, WALL_JOIN_WAIT_MS);
      return request(Resource.wall, { schema: wallSnapshot, signal });
    },
    // The socket keeps the tiles current: the snapshot is read again only after a reconnect.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
  });
  const { refetch } = snapshot;
  const loaded = snapshot.data !== undefined;
  useEffect(() => {
    if (snapshot.data) store.load(snapshot.data);
  }, [snapshot.data, store]);
  useEffect(() => {
    if (!loaded) return;
    // Readings sent while the socket was away are not replayed: read the snapshot again (a
    // snapshot never rewinds a tile, store.ts).
    return realtime.onConfirmed(() => void refetch());
  }, [loaded, refetch]);
  const view = useSyncExternalStore(store.subscribeView, store.getView);

  const areas = useMemo(() => {
    const seen = new Map<number | null, string>();
    for (const m of snapshot.data?.members ?? [])
      if (!seen.has(m.area_id)) seen.set(m.area_id, m.area_name ?? t('wall.noArea'));
    return [...seen].map(([id, name]) => ({ id, name }));
  }, [snapshot.data, t]);

  const [area, setArea] = useState<string>(ALL);
  const [wall, setWall] = useState(false);
  const [cycle, setCycle] = useState(0);
  const screen = useRef<HTMLDivElement>(null);

  const enterWall = useCallback(() => {
    setWall(true);
    setCycle(0);
    void screen.current?.requestFullscreen?.().catch(() => undefined);
  }, []);
  const leaveWall = useCallback(() => {
    setWall(false);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }, []);
  useEffect(() => {
    // Escape (the browser's own way out of full screen) leaves the wall screen too.
    const onChange = () => {
      if (!document.fullscreenElement) setWall(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  useEffect(() => {
    if (!wall || areas.length < 2) return;
    const timer = window.setInterval(() => setCycle((c) => c + 1), AREA_CYCLE_MS);
    return () => window.clearInterval(timer);
  }, [wall, areas.length]);

  const shownArea = wall
    ? areas.length > 1
      ? areas[cycle % areas.length]
      : null
    : area === ALL
      ? null
      : (areas.find((a) => String(a.id) === area) ?? null);
  const ids = useMemo(
    () =>
      shownArea ? view.order.filter((id) => (store.get(id)?.area_id ?? null) === shownArea.id) : view.order,
    [view.order, shownArea, store],
  );

  return (
    <Box
      ref={screen}
      sx={
        wall
          ? {
              bgcolor: 'background.default',
              p: 3,
              minHeight: '100vh',
              overflow: 'auto',
              position: wall ? 'fixed' : undefined,
              inset: 0,
              zIndex: 'modal',
            }
          : undefined
      }
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="h1" sx={wall ? { fontSize: '2.25rem' } : undefined}>
            {wall && shownArea
              ? t('wall.areaTitle', {
                  area: shownArea.name,
                  index: (cycle % areas.length) + 1,
                  total: areas.length,
                })
              : t('page.wall')}
          </Typography>
          <LiveStatusChip size={wall ? 'medium' : 'small'} />
          {snapshot.data && (
            <Typography color="text.secondary" sx={wall ? { fontSize: '1.25rem' } : undefined}>
              {t('wall.summary', { count: snapshot.data.members.length, terms, alerts: view.openAlerts })}
            </Typography>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {!wall && areas.length > 1 && (
            <TextField
              select
              size="small"
              label={t('admin.common.area')}
              value={area}
              onChange={(e) => setArea(e.target.value)}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value={ALL}>{t('wall.allAreas')}</MenuItem>
              {areas.map((a) => (
                <MenuItem key={String(a.id)} value={String(a.id)}>
                  {a.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {wall ? (
            <Button variant="outlined" startIcon={<FullscreenExitIcon />} onClick={leaveWall}>
              {t('wall.exitScreen')}
            </Button>
          ) : (
            <Button
              variant="outlined"
              startIcon={<FullscreenIcon />}
              onClick={enterWall}
              disabled={!snapshot.data}
            >
              {t('wall.screen')}
            </Button>
          )}
        </Stack>
        {snapshot.data && ids.length === 0 ? (
          <EmptyState text={t('wall.empty', { terms })} />
        ) : (
          <Box
            sx={(theme) => gridSx(theme, wall)}
            role="list"
            aria-label={t('page.wall')}
            aria-busy={!snapshot.data}
          >
            {ids.map((id) => (
              <WallTile key={id} id={id} store={store} />
            ))}
          </Box>
        )}
      </Stack>
    </Box>
  );
}
