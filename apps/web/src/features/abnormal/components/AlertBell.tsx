import { useEffect, useRef, useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Resource, type AbnormalType, abnormalTypeLabelKey, nowUnix } from '@vigil/contracts';
import { usePermission } from '../../../lib/session.ts';
import { useStore } from '../../../lib/store.ts';
import { abnormalFeed, closeFeed, feedLoading, onArrival, openFeed } from '../feed.ts';
import { notifyInBackground } from '../notifications.ts';
import { nextExpiry, repeating, silentUntil, snoozeStore } from '../silence.ts';
import { CRITICAL_REPEAT_MS, playChime } from '../sound/player.ts';
import { useFeedRange } from '../useFeedRange.ts';
import { SoundBanner } from './SoundBanner.tsx';

/** SPEC §2: the bell goes to the home page's abnormal tab. */
export const FEED_LOCATION = { pathname: '/', state: { tab: 'abnormal' } } as const;

/**
 * The top bar's abnormal bell (the shell hides it for bell-hidden roles). It owns the feed's
 * lifetime: the list is fetched only with GET /abnormal permitted (SPEC §6), the store is emptied
 * when the bell goes away, and the chime plays whenever the count rises by an alert that is not
 * silenced (acknowledged or snoozed). High-priority and escalated alerts repeat it until someone
 * acknowledges them; an acknowledgement that runs out while the alert is still open sounds again.
 */
export function AlertBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowed = usePermission('GET', Resource.abnormal);
  const range = useFeedRange();
  const state = useStore(abnormalFeed);
  // Busy until the first list is read: the count shown before that is not yet the real one.
  const loading = useStore(feedLoading);
  const { total } = state;
  const snoozes = useStore(snoozeStore);
  // Re-evaluated when the feed or the snoozes change, and woken when the next silence runs out.
  const [woken, setWoken] = useState(0);
  const now = nowUnix();
  const previous = useRef<ReadonlySet<number>>(new Set());
  const silenced = useRef<ReadonlySet<number>>(new Set());
  const previousUrgent = useRef<ReadonlySet<number>>(new Set());
  const items = Object.values(state.byId);
  const urgent = repeating(items, snoozes, now);
  const urgentKey = urgent.map((i) => i.id).join(',');
  const wake = nextExpiry(items, snoozes, now);

  useEffect(() => {
    if (wake === null) return;
    const timer = window.setTimeout(() => setWoken(nowUnix()), Math.max(0, wake - nowUnix()) * 1000 + 250);
    return () => window.clearTimeout(timer);
  }, [wake]);

  useEffect(() => {
    if (!allowed) return;
    openFeed(range).catch((err: unknown) => console.warn('abnormal feed: initial list failed', err));
    return closeFeed;
  }, [allowed, range]);

  // The count rose by an alert nobody silenced: chime. A silence that ran out on an alert still
  // open (its condition persists) chimes again.
  useEffect(() => {
    const ids = new Set(Object.keys(state.byId).map(Number));
    const quiet = new Set([...ids].filter((id) => silentUntil(state.byId[id], snoozes, now) !== null));
    const arrived = [...ids].some((id) => !previous.current.has(id) && !quiet.has(id));
    const woke = [...silenced.current].some((id) => ids.has(id) && !quiet.has(id));
    if (arrived || woke) playChime();
    previous.current = ids;
    silenced.current = quiet;
    // `now` is read at render; `woken` is what makes a render happen when a silence runs out.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, snoozes, woken]);

  useEffect(() => {
    // An escalation updates an alert already counted, so it chimes here rather than by the count.
    const ids = new Set(urgentKey ? urgentKey.split(',').map(Number) : []);
    if ([...ids].some((id) => !previousUrgent.current.has(id))) playChime();
    previousUrgent.current = ids;
    if (ids.size === 0) return;
    const timer = window.setInterval(playChime, CRITICAL_REPEAT_MS);
    return () => window.clearInterval(timer);
  }, [urgentKey]);

  useEffect(
    () =>
      onArrival((item) =>
        notifyInBackground(
          t('abnormal.notification.title'),
          `${t(abnormalTypeLabelKey[item.type as AbnormalType] ?? 'abnormal.unknownType')} · ${item.source.user?.name ?? item.source.area?.name ?? ''}`,
          `abnormal-${item.id}`,
          () => void navigate(FEED_LOCATION.pathname, { state: FEED_LOCATION.state }),
        ),
      ),
    [navigate, t],
  );

  const label = t('abnormal.bell.label', { count: total });
  return (
    <>
      <SoundBanner />
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          data-testid="abnormal-bell"
          aria-busy={loading}
          onClick={() => void navigate(FEED_LOCATION.pathname, { state: FEED_LOCATION.state })}
        >
          <Badge badgeContent={total} color="error" max={999} data-testid="abnormal-bell-count" data-count={total}>
            {urgent.length > 0 ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
          </Badge>
        </IconButton>
      </Tooltip>
    </>
  );
}
