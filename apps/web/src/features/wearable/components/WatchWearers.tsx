import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DeviceType, Resource, deviceBindingResource, wearableDeviceModel, type wearableDeviceTypes } from '@vigil/contracts';
import { request } from '../../../lib/http.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { usePermission } from '../../../lib/session.ts';

type WatchType = (typeof wearableDeviceTypes)[number];
/** Enough for a ward or a hotel floor; the member list has the rest. */
const MAX_WEARERS = 50;

/**
 * Opened without a member, the wearable page lists who wears this watch model now, so the reader
 * picks one instead of meeting a dead end. Needs GET on the members' device bindings.
 */
export function WatchWearers({ watch }: { watch: WatchType }) {
  const { t } = useTranslation();
  const { term, terms } = useMemberTerm();
  const allowed = usePermission('GET', Resource.userSystemDeviceBind);
  const model = wearableDeviceModel[watch];
  const wearers = useQuery({
    queryKey: ['wearable', 'wearers', watch],
    enabled: allowed,
    queryFn: ({ signal }) =>
      request(deviceBindingResource.path, {
        query: { device_types: watch, state: 1, page: 1, per_page: MAX_WEARERS, order_by: 'bound_at', order: 'desc' },
        schema: deviceBindingResource.page,
        signal,
      }),
    select: (page) => page.list.filter((b) => b.member_id !== null),
  });
  if (!allowed || wearers.isError) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
        {t('wearable.wearers', { terms, model })}
      </Typography>
      {wearers.isPending ? (
        <Typography color="text.secondary">{t('common.loading')}</Typography>
      ) : wearers.data.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {t('wearable.noWearers', { term, model })}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="watch-wearers">
          {wearers.data.map((b) => (
            <ListItemButton key={b.id} component={Link} to={`/wearable-device-${model}/${b.member_id}/${b.device_type as DeviceType}`}>
              <ListItemText primary={b.member_name} secondary={[b.area_name, b.serial].filter(Boolean).join(' · ')} />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}
