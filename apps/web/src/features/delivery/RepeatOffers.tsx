import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Resource, deliveryOrderDetail, deliveryRepeatDue } from '@vigil/contracts';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { useWrite } from '../../components/resource/index.ts';
import { formatDate } from '../../lib/format.ts';
import { request } from '../../lib/http.ts';
import { localeStore } from '../../lib/i18n.ts';
import { usePermission } from '../../lib/session.ts';

const repeatPath = `${Resource.deliveryMedicine}/repeat`;

/**
 * Repeat prescriptions whose next order is due (docs/delivery.md, Repeat prescriptions): each offers
 * to order the next one in one step, or to open the previous order first. Nothing shows when none is due.
 */
export function RepeatOffers({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const allowed = usePermission('GET', repeatPath);
  const due = useQuery({
    queryKey: [Resource.deliveryMedicine, 'repeat'],
    enabled: allowed,
    queryFn: ({ signal }) => request(repeatPath, { schema: z.array(deliveryRepeatDue), signal }),
  });
  const order = useWrite<number, z.infer<typeof deliveryOrderDetail>>((id) => ({ method: 'POST', path: `${repeatPath}/${id}` }), [Resource.deliveryMedicine], deliveryOrderDetail);
  const offers = due.data ?? [];
  if (offers.length === 0) return null;
  return (
    <Alert severity="info" aria-label={t('delivery.repeat.title')}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('delivery.repeat.title')}
      </Typography>
      <Stack spacing={1}>
        {offers.map(({ order: previous, next_date }) => (
          <Stack key={previous.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }} data-testid="repeat-offer">
            <Typography variant="body2" sx={{ flex: 1 }}>
              {t('delivery.repeat.offer', {
                no: previous.order_no,
                name: previous.member_name,
                days: previous.repeat_days,
                date: formatDate(next_date, localeStore.get()),
              })}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button size="small" onClick={() => onOpen(previous.id)}>
                {t('delivery.view')}
              </Button>
              <PermissionButton
                size="small"
                variant="contained"
                method="POST"
                route={`${repeatPath}/{id}`}
                disabled={order.isPending}
                // The new order opens at once, so the home can check it before the pharmacy acts; a failure is toasted.
                onClick={() => order.mutateAsync(previous.id).then((next) => onOpen(next.id), () => undefined)}
              >
                {t('delivery.repeat.orderNext')}
              </PermissionButton>
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
