import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AlarmOffIcon from '@mui/icons-material/AlarmOff';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import NotificationsPausedIcon from '@mui/icons-material/NotificationsPaused';
import SnoozeIcon from '@mui/icons-material/Snooze';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StarIcon from '@mui/icons-material/Star';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { useTranslation } from 'react-i18next';
import {
  type AbnormalStoreCategory,
  type RealtimeAbnormal,
  AlertPriority,
  Resource,
  abnormalStoreCategoryLabelKey,
  abnormalTypePriority,
  acknowledgeMinutes,
  alertPriorityLabelKey,
  fromUnix,
  snoozeMinutes,
} from '@vigil/contracts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePermission } from '../../../lib/session.ts';
import { useStore } from '../../../lib/store.ts';
import { LiveStatusChip } from '../../realtime/index.ts';
import { detailText, deviceText, placeText, relativeTime, typeText } from '../describe.ts';
import { acknowledgeAbnormal, endSnooze, snoozeAbnormal } from '../api.ts';
import { abnormalFeed, onArrival, refreshSnoozes } from '../feed.ts';
import { disableNotifications, enableNotifications, notificationChoice } from '../notifications.ts';
import { testChime } from '../sound/player.ts';
import { acknowledged, countdown, silentUntil, snoozeOf, snoozeStore } from '../silence.ts';
import { occurredToday, selectAbnormals, storeCategories, upsertAbnormal } from '../store.ts';
import { useNowSeconds } from '../useNowSeconds.ts';
import { useFollowToggle } from '../useFollow.ts';
import { AbnormalActionsHost, type AbnormalActions } from './AbnormalActionsHost.tsx';
import { AlertLinks } from './AlertLinks.tsx';
import { PriorityBadge } from './PriorityBadge.tsx';

/** Read by screen readers, not drawn. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** How long a newly arrived alert stays highlighted. */
const HIGHLIGHT_MS = 8000;

/** request() has already toasted a failure with its specific message; nothing is left to do. */
const failed = () => undefined;

/**
 * Acknowledge (silence for a while, still open) and snooze (this member's alerts of this type)
 * menus. A high-priority alert cannot be snoozed: it always breaks through.
 */
function SilenceActions({ item, now }: { item: RealtimeAbnormal; now: number }) {
  const { t } = useTranslation();
  const [ackAnchor, setAckAnchor] = useState<HTMLElement | null>(null);
  const [snoozeAnchor, setSnoozeAnchor] = useState<HTMLElement | null>(null);
  const snoozes = useStore(snoozeStore);
  const canAck = usePermission('POST', `${Resource.abnormal}/acknowledge/{id}`);
  const canSnooze = usePermission('POST', `${Resource.abnormal}/snooze`);
  const canEnd = usePermission('DELETE', `${Resource.abnormal}/snooze/{id}`);
  const high = abnormalTypePriority(item.type) === AlertPriority.high;
  const snooze = snoozeOf(item, snoozes, now);
  const memberId = item.source.user?.id;
  const acknowledge = (minutes: number) => {
    setAckAnchor(null);
    acknowledgeAbnormal(item.id, minutes).then((updated) => {
      abnormalFeed.set((s) => upsertAbnormal(s, { ...updated, escalated: item.escalated }));
      notifySuccess();
    }, failed);
  };
  const snoozeFor = (minutes: number) => {
    setSnoozeAnchor(null);
    if (memberId === undefined) return;
    snoozeAbnormal({ user_id: memberId, type: item.type, minutes }).then(() => {
      notifySuccess();
      return refreshSnoozes();
    }, failed);
  };
  const unsnooze = () => {
    setSnoozeAnchor(null);
    if (!snooze) return;
    endSnooze(snooze.id).then(() => {
      notifySuccess();
      return refreshSnoozes();
    }, failed);
  };
  const snoozeLabel = high ? t('abnormal.snooze.highPriority') : t('abnormal.snooze.action');
  return (
    <>
      <Tooltip title={t('abnormal.acknowledge.action')}>
        <span>
          <IconButton
            size="small"
            aria-label={t('abnormal.acknowledge.action')}
            aria-haspopup="menu"
            disabled={!canAck}
            onClick={(e) => setAckAnchor(e.currentTarget)}
            data-testid="abnormal-acknowledge"
          >
            <AlarmOffIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={ackAnchor} open={Boolean(ackAnchor)} onClose={() => setAckAnchor(null)}>
        {acknowledgeMinutes.map((m) => (
          <MenuItem key={m} onClick={() => acknowledge(m)}>
            {t('abnormal.acknowledge.for', { count: m })}
          </MenuItem>
        ))}
      </Menu>
      <Tooltip title={snoozeLabel}>
        <span>
          <IconButton
            size="small"
            aria-label={snoozeLabel}
            aria-haspopup="menu"
            disabled={high || memberId === undefined || !(canSnooze || (snooze && canEnd))}
            onClick={(e) => setSnoozeAnchor(e.currentTarget)}
            data-testid="abnormal-snooze"
          >
            <SnoozeIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={snoozeAnchor} open={Boolean(snoozeAnchor)} onClose={() => setSnoozeAnchor(null)}>
        {snooze && canEnd && (
          <MenuItem onClick={unsnooze}>
            <ListItemText>{t('abnormal.snooze.end')}</ListItemText>
          </MenuItem>
        )}
        {canSnooze &&
          snoozeMinutes.map((m) => (
            <MenuItem key={m} onClick={() => snoozeFor(m)}>
              {t('abnormal.snooze.for', { count: m, type: typeText(t, item.type), name: item.source.user?.name ?? '' })}
            </MenuItem>
          ))}
      </Menu>
    </>
  );
}

/** "Acknowledged by Ana · 09:12 left" / "Snoozed · 29:40 left": silent, with a live countdown. */
function SilenceChip({ item, now }: { item: RealtimeAbnormal; now: number }) {
  const snoozes = useStore(snoozeStore);
  const until = silentUntil(item, snoozes, now);
  if (until === null) return null;
  const name = acknowledged(item, now) ? (item.acknowledged_by ?? '') : (snoozeOf(item, snoozes, now)?.staff_name ?? '');
  return <Countdown until={until} labelKey={acknowledged(item, now) ? 'abnormal.acknowledge.status' : 'abnormal.snooze.status'} name={name} />;
}

/** The chip with its own one-second clock, so only it re-renders while it counts down. */
function Countdown({ until, labelKey, name }: { until: number; labelKey: string; name: string }) {
  const { t } = useTranslation();
  const now = useNowSeconds(1000);
  if (now >= until) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<NotificationsPausedIcon />}
      label={t(labelKey, { name, left: countdown(until, now) })}
      data-testid="abnormal-silenced"
    />
  );
}

function FeedItem({ item, actions, now, fresh }: { item: RealtimeAbnormal; actions: AbnormalActions; now: number; fresh: boolean }) {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const follow = useFollowToggle();
  const canFollow = usePermission('PATCH', `${Resource.abnormal}/follow/{id}`);
  const canHandle = usePermission('POST', Resource.handleAbnormal);
  const today = occurredToday(item.occur_time);
  const place = placeText(t, item);
  const reading = detailText(t, item);
  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{
        p: 1.5,
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        listStyle: 'none',
        transition: 'background-color 1s',
        bgcolor: fresh ? 'action.selected' : undefined,
      }}
      data-testid="abnormal-feed-item"
      data-fresh={fresh || undefined}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <PriorityBadge type={item.type} live={today} />
          <Typography fontWeight={600}>{typeText(t, item.type)}</Typography>
          {(item.count ?? 1) > 1 && (
            <Chip size="small" variant="outlined" label={t('abnormal.feed.repeats', { count: item.count })} data-testid="abnormal-repeats" />
          )}
          {item.escalated && <Chip size="small" color="secondary" label={t('abnormal.escalated')} />}
          <SilenceChip item={item} now={now} />
        </Stack>
        <Typography variant="body2" data-testid="abnormal-feed-who">
          {[item.source.user?.name, place].filter(Boolean).join(' — ')}
        </Typography>
        {reading && (
          <Typography variant="body2" fontWeight={600} data-testid="abnormal-feed-reading">
            {reading}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="div">
          <Tooltip title={formatDate(item.occur_time, locale, 'dateTime')}>
            <Box component="time" dateTime={fromUnix(item.occur_time).toISOString()} tabIndex={0} sx={{ mr: 1 }}>
              {relativeTime(item.occur_time, locale, now)}
            </Box>
          </Tooltip>
          {deviceText(t, item)}
        </Typography>
        <AlertLinks item={item} />
      </Box>
      <Stack direction="row" flexWrap="wrap" justifyContent="flex-end" sx={{ maxWidth: { xs: 96, sm: 'none' } }}>
        <SilenceActions item={item} now={now} />
        <Tooltip title={t('abnormal.detail.open')}>
          <IconButton size="small" aria-label={t('abnormal.detail.open')} onClick={() => actions.showDetail(item.id)}>
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t(item.is_follow ? 'common.unfollow' : 'common.follow')}>
          <span>
            <IconButton
              size="small"
              aria-label={t(item.is_follow ? 'common.unfollow' : 'common.follow')}
              aria-pressed={item.is_follow}
              disabled={!canFollow || follow.isPending}
              onClick={() => follow.mutate(item)}
            >
              {item.is_follow ? <StarIcon fontSize="small" color="warning" /> : <StarBorderIcon fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('abnormal.handle.action')}>
          <span>
            <IconButton size="small" aria-label={t('abnormal.handle.action')} disabled={!canHandle} onClick={() => actions.handle(item.id)} data-testid="abnormal-handle">
              <TaskAltIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Paper>
  );
}

function NotificationSwitch() {
  const { t } = useTranslation();
  const choice = useStore(notificationChoice);
  if (choice === 'unsupported') return null;
  return (
    <Tooltip title={choice === 'denied' ? t('abnormal.notification.denied') : ''}>
      <FormControlLabel
        control={
          <Switch
            checked={choice === 'on'}
            disabled={choice === 'denied'}
            onChange={(e) => void (e.target.checked ? enableNotifications() : disableNotifications())}
          />
        }
        label={t('abnormal.notification.toggle')}
      />
    </Tooltip>
  );
}

/** The home page's abnormal tab: the live feed, by SPEC §3's categories, with its actions. */
export default function AbnormalFeedTab() {
  const { t } = useTranslation();
  const allowed = usePermission('GET', Resource.abnormal);
  const state = useStore(abnormalFeed);
  const [category, setCategory] = useState<AbnormalStoreCategory | 'all'>('all');
  // "3 min ago" keeps counting; the silence countdowns tick on their own, each second.
  const now = useNowSeconds(30_000);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const timers = useRef(new Set<number>());

  // A new alert is highlighted for a moment and read out by screen readers (priority, type, who, where).
  useEffect(() => {
    const pending = timers.current;
    const stop = onArrival((item) => {
      setFresh((f) => new Set(f).add(item.id));
      const priority = t(alertPriorityLabelKey[abnormalTypePriority(item.type)]);
      const where = [item.source.user?.name, placeText(t, item)].filter(Boolean).join(', ');
      setAnnouncement(t('abnormal.feed.arrived', { priority, type: typeText(t, item.type), where }));
      const timer = window.setTimeout(() => {
        pending.delete(timer);
        setFresh((f) => {
          const next = new Set(f);
          next.delete(item.id);
          return next;
        });
      }, HIGHLIGHT_MS);
      pending.add(timer);
    });
    return () => {
      stop();
      for (const timer of pending) window.clearTimeout(timer);
      pending.clear();
    };
  }, [t]);

  if (!allowed) return <EmptyState text={t('common.noPermission')} />;
  const items = selectAbnormals(state, category === 'all' ? undefined : category);
  const todays = items.filter((i) => occurredToday(i.occur_time));
  const earlier = items.filter((i) => !occurredToday(i.occur_time));
  const section = (title: string, list: RealtimeAbnormal[], testId: string, actions: AbnormalActions) =>
    list.length > 0 && (
      <Box component="section" aria-label={title} data-testid={testId}>
        <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1 }}>
          {title} ({list.length})
        </Typography>
        <Box component="ul" sx={{ display: 'grid', gap: 1, m: 0, p: 0 }}>
          {list.map((item) => (
            <FeedItem key={item.id} item={item} actions={actions} now={now} fresh={fresh.has(item.id)} />
          ))}
        </Box>
      </Box>
    );
  return (
    <AbnormalActionsHost>
      {(actions) => (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
              {t('abnormal.feed.title', { count: state.total })}
            </Typography>
            <LiveStatusChip testId="realtime-status" />
            <Box sx={{ flex: 1 }} />
            <Button size="small" variant="outlined" startIcon={<VolumeUpIcon />} onClick={() => void testChime()} data-testid="sound-test">
              {t('abnormal.sound.test')}
            </Button>
            <NotificationSwitch />
          </Stack>
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap role="group" aria-label={t('abnormal.feed.categories')}>
            <Chip label={`${t('abnormal.feed.all')} (${state.total})`} color={category === 'all' ? 'primary' : 'default'} onClick={() => setCategory('all')} />
            {storeCategories.map((c) => (
              <Chip
                key={c}
                label={`${t(abnormalStoreCategoryLabelKey[c])} (${state.lists[c].length})`}
                color={category === c ? 'primary' : 'default'}
                onClick={() => setCategory(c)}
              />
            ))}
          </Stack>
          <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid="abnormal-feed-announcer">
            {announcement}
          </Box>
          {items.length === 0 ? (
            <EmptyState text={t('abnormal.feed.empty')} />
          ) : (
            <Stack spacing={2} aria-label={t('abnormal.feed.list')} role="region">
              {section(t('abnormal.feed.today'), todays, 'abnormal-feed-today', actions)}
              {section(t('abnormal.feed.earlier'), earlier, 'abnormal-feed-earlier', actions)}
            </Stack>
          )}
        </Stack>
      )}
    </AbnormalActionsHost>
  );
}
