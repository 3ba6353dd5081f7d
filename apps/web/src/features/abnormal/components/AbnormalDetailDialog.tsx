import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Resource } from '@vigil/contracts';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useStore } from '../../../lib/store.ts';
import { abnormalKeys, fetchAbnormalDetail } from '../api.ts';
import { categoryText, detailText, deviceText, placeText, typeText } from '../describe.ts';
import { AlertLinks } from './AlertLinks.tsx';
import { PriorityBadge } from './PriorityBadge.tsx';
import { parsePosition } from '../../../components/map/google-maps.ts';
import { useFollowToggle } from '../useFollow.ts';
import { LocationMap } from './LocationMap.tsx';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { NotifyReceipts } from './NotifyReceipts.tsx';

type Props = { abnormalId: number | null; onClose: () => void; onHandle: (id: number) => void };

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
        {label}
      </Typography>
      <Typography variant="body2">{value || '-'}</Typography>
    </Stack>
  );
}

/** SPEC §3 detail view: the event, every handling record and, for located devices, the position. */
export function AbnormalDetailDialog({ abnormalId, onClose, onHandle }: Props) {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const locale = useStore(localeStore);
  const follow = useFollowToggle();
  const { data, isLoading } = useQuery({
    queryKey: abnormalKeys.detail(abnormalId ?? 0),
    queryFn: ({ signal }) => fetchAbnormalDetail(abnormalId!, signal),
    enabled: abnormalId !== null,
  });
  const position = data?.detail ? parsePosition(data.detail.lat, data.detail.lng) : null;

  return (
    <Dialog open={abnormalId !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="abnormal-detail-title">
      <DialogTitle id="abnormal-detail-title">{t('abnormal.detail.title')}</DialogTitle>
      <DialogContent>
        {isLoading && <LinearProgress aria-label={t('common.loading')} />}
        {data && (
          <Stack spacing={1.25}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <PriorityBadge type={data.type} />
              <Typography variant="h6" component="p">
                {typeText(t, data.type)}
              </Typography>
              <Chip size="small" label={categoryText(t, data.category)} />
              <Chip size="small" color={data.is_handle ? 'success' : 'warning'} label={t(data.is_handle ? 'abnormal.state.handled' : 'abnormal.state.open')} />
            </Stack>
            <Field label={t('abnormal.field.occurTime')} value={formatDate(data.occur_time, locale, 'dateTime')} />
            <Field label={memberLabel} value={data.source.user?.name ?? ''} />
            <Field label={t('abnormal.field.area')} value={placeText(t, data)} />
            <Field label={t('abnormal.field.device')} value={deviceText(t, data)} />
            <Field label={t('abnormal.field.detail')} value={detailText(t, data)} />
            <AlertLinks item={data} onNavigate={onClose} />
            {position && (
              <>
                <Divider />
                <Typography variant="subtitle2">{t('abnormal.location.title')}</Typography>
                <LocationMap lat={position.lat} lng={position.lng} />
              </>
            )}
            <Divider />
            <Typography variant="subtitle2">{t('abnormal.handle.records')}</Typography>
            {data.handles.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('abnormal.handle.none')}
              </Typography>
            ) : (
              <List dense disablePadding>
                {data.handles.map((h, i) => (
                  <ListItem key={`${h.handle_time}-${i}`} disableGutters>
                    <ListItemText
                      primary={h.content}
                      secondary={[h.staff_name, formatDate(h.handle_time, locale, 'dateTime'), h.remark].filter(Boolean).join(' · ')}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            <Divider />
            <NotifyReceipts abnormalId={data.id} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {data && (
          <PermissionButton
            method="PATCH"
            route={`${Resource.abnormal}/follow/{id}`}
            disabled={follow.isPending}
            onClick={() => follow.mutate(data)}
          >
            {t(data.is_follow ? 'common.unfollow' : 'common.follow')}
          </PermissionButton>
        )}
        {data && !data.is_handle && (
          <PermissionButton method="POST" route={Resource.handleAbnormal} variant="contained" onClick={() => onHandle(data.id)}>
            {t('abnormal.handle.action')}
          </PermissionButton>
        )}
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
