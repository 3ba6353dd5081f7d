import { useEffect, useRef } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Resource, type AbnormalType, abnormalTypeLabelKey } from '@vigil/contracts';
import { usePermission } from '../../../lib/session.ts';
import { useStore } from '../../../lib/store.ts';
import { abnormalFeed, acknowledgeCritical, closeFeed, onArrival, openFeed, unseenCritical } from '../feed.ts';
import { notifyInBackground } from '../notifications.ts';
import { CRITICAL_REPEAT_MS, playChime } from '../sound/player.ts';
import { useFeedRange } from '../useFeedRange.ts';
import { SoundBanner } from './SoundBanner.tsx';

/** SPEC §2: the bell goes to the home page's abnormal tab. */
export const FEED_LOCATION = { pathname: '/', state: { tab: 'abnormal' } } as const;

/**
 * The top bar's abnormal bell (the shell hides it for bell-hidden roles). It owns the feed's
 * lifetime: the list is fetched only with GET /abnormal permitted (SPEC §6), the store is emptied
 * when the bell goes away, the chime plays whenever the count rises, and critical alerts repeat
 * it until someone opens the feed.
 */
export function AlertBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowed = usePermission('GET', Resource.abnormal);
  const range = useFeedRange();
  const { total } = useStore(abnormalFeed);
  const critical = useStore(unseenCritical);
  const previous = useRef(total);
  const previousUrgent = useRef(0);

  useEffect(() => {
    if (!allowed) return;
    openFeed(range).catch((err: unknown) => console.warn('abnormal feed: initial list failed', err));
    return closeFeed;
  }, [allowed, range]);

  useEffect(() => {
    if (total > previous.current) playChime();
    previous.current = total;
  }, [total]);

  useEffect(() => {
    // An escalation updates an alert already counted, so it chimes here rather than by the count.
    if (critical.size > previousUrgent.current) playChime();
    previousUrgent.current = critical.size;
    if (critical.size === 0) return;
    const timer = window.setInterval(playChime, CRITICAL_REPEAT_MS);
    return () => window.clearInterval(timer);
  }, [critical]);

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
          onClick={() => {
            acknowledgeCritical();
            void navigate(FEED_LOCATION.pathname, { state: FEED_LOCATION.state });
          }}
        >
          <Badge badgeContent={total} color="error" max={999} data-testid="abnormal-bell-count" data-count={total}>
            {critical.size > 0 ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
          </Badge>
        </IconButton>
      </Tooltip>
    </>
  );
}
