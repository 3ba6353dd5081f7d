import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { notifyReceipt } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { request } from '../../../lib/http.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useStore } from '../../../lib/store.ts';

/** An alert's notifications off the console: channel, person, tier and what became of each. */
export function NotifyReceipts({ abnormalId }: { abnormalId: number }) {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const { data } = useQuery({
    queryKey: ['abnormal', 'receipts', abnormalId],
    queryFn: ({ signal }) => request(`/notify/receipts/${abnormalId}`, { schema: z.array(notifyReceipt), signal }),
  });
  if (!data) return null;
  return (
    <>
      <Typography variant="subtitle2">{t('notify.receipts')}</Typography>
      {data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('notify.receiptsEmpty')}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="notify-receipts">
          {data.map((r) => (
            <ListItem key={r.id} disableGutters>
              <ListItemText
                primary={`${t(`notify.channel.${r.channel}`)} · ${r.staff_name ?? ''} · ${t(`notify.status.${r.status}`)}`}
                secondary={[t('notify.tier', { tier: r.tier }), formatDate(r.sent_at ?? r.due_at, locale, 'dateTime'), r.reason].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
