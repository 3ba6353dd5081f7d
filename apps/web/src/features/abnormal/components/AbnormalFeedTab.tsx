import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StarIcon from '@mui/icons-material/Star';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useTranslation } from 'react-i18next';
import {
  type AbnormalStoreCategory,
  type AbnormalType,
  type RealtimeAbnormal,
  Resource,
  abnormalStoreCategoryLabelKey,
  abnormalTypeMeta,
} from '@vigil/contracts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import { useStore } from '../../../lib/store.ts';
import { useRealtimeStatus } from '../../realtime/index.ts';
import { detailText, deviceText, typeText } from '../describe.ts';
import { abnormalFeed, acknowledgeCritical } from '../feed.ts';
import { disableNotifications, enableNotifications, notificationChoice } from '../notifications.ts';
import { selectAbnormals, storeCategories } from '../store.ts';
import { useFollowToggle } from '../useFollow.ts';
import { AbnormalActionsHost, type AbnormalActions } from './AbnormalActionsHost.tsx';

function FeedItem({ item, actions }: { item: RealtimeAbnormal; actions: AbnormalActions }) {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const follow = useFollowToggle();
  const canFollow = usePermission('PATCH', `${Resource.abnormal}/follow/{id}`);
  const canHandle = usePermission('POST', Resource.handleAbnormal);
  const critical = abnormalTypeMeta[item.type as AbnormalType]?.critical ?? false;
  const who = [item.source.user?.name, item.source.area?.name].filter(Boolean).join(' · ');
  return (
    <Paper variant="outlined" component="li" sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start', listStyle: 'none' }} data-testid="abnormal-feed-item">
      <ErrorOutlineIcon color={critical ? 'error' : 'warning'} sx={{ mt: 0.25 }} aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
          <Typography fontWeight={600}>{typeText(t, item.type)}</Typography>
          {critical && <Chip size="small" color="error" label={t('abnormal.critical')} />}
          {item.escalated && <Chip size="small" color="secondary" label={t('abnormal.escalated')} />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {[who, deviceText(t, item), detailText(t, item)].filter(Boolean).join(' — ')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDate(item.occur_time, locale, 'dateTime')}
        </Typography>
      </Box>
      <Stack direction="row">
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
  const status = useRealtimeStatus();
  const [category, setCategory] = useState<AbnormalStoreCategory | 'all'>('all');

  // Looking at the feed is what stops critical alerts from repeating their chime; a feed left
  // open in a background tab is not being looked at.
  useEffect(() => {
    const seen = () => {
      if (!document.hidden) acknowledgeCritical();
    };
    seen();
    document.addEventListener('visibilitychange', seen);
    const unsubscribe = abnormalFeed.subscribe(seen);
    return () => {
      document.removeEventListener('visibilitychange', seen);
      unsubscribe();
    };
  }, []);

  if (!allowed) return <EmptyState text={t('common.noPermission')} />;
  const items = selectAbnormals(state, category === 'all' ? undefined : category);
  return (
    <AbnormalActionsHost>
      {(actions) => (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
              {t('abnormal.feed.title', { count: state.total })}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={status === 'online' ? 'success' : 'default'}
              label={t(`realtime.status.${status}`)}
              data-testid="realtime-status"
            />
            <Box sx={{ flex: 1 }} />
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
          {items.length === 0 ? (
            <EmptyState text={t('abnormal.feed.empty')} />
          ) : (
            <Box component="ul" sx={{ display: 'grid', gap: 1, m: 0, p: 0 }} aria-label={t('abnormal.feed.list')}>
              {items.map((item) => (
                <FeedItem key={item.id} item={item} actions={actions} />
              ))}
            </Box>
          )}
        </Stack>
      )}
    </AbnormalActionsHost>
  );
}
