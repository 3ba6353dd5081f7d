import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { HandleState, careHandleRow, handleStateLabelKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { request } from '../../../lib/http.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';

const handles = z.array(careHandleRow);

const when = (s: number) => formatDate(s, localeStore.get(), 'dateTime');

/**
 * A record's handles (SPEC §3/§4 handle state, docs/care.md "The shared handle shape") from
 * `GET /handle/{kind}/{id}`: an education's teach-backs or a visit's outcome, oldest first, with
 * who handled it, when, and what they wrote, under the item's due time and state.
 */
export function HandlesDialog({
  title,
  path,
  due,
  state,
  onClose,
}: {
  title: string;
  /** The handle route of the item (`/handle/health/12`). */
  path: string;
  due: number;
  state: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const read = useQuery({ queryKey: [path, 'handles'], queryFn: ({ signal }) => request(path, { schema: handles, signal }) });
  const list = read.data ? [{ key: 0, due, state, handles: read.data }] : [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="care-handles-title">
      <DialogTitle id="care-handles-title">{title}</DialogTitle>
      <DialogContent>
        {read.isLoading && <LinearProgress aria-label={t('common.loading')} />}
        {read.data?.length === 0 && <Typography color="text.secondary">{t('care.record.noHandles')}</Typography>}
        <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {list.map((item) => (
            <Stack component="li" key={item.key} spacing={0.75} sx={{ pb: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {when(item.due)}
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  color={item.state === HandleState.processed ? 'success' : 'default'}
                  label={t(handleStateLabelKey[item.state as HandleState])}
                />
              </Stack>
              {item.handles.map((h) => (
                <Stack key={h.id} spacing={0.25} sx={{ pl: 1.5, borderLeft: 2, borderColor: 'divider' }}>
                  <Typography variant="body2">{h.content}</Typography>
                  {h.remark && (
                    <Typography variant="body2" color="text.secondary">
                      {h.remark}
                    </Typography>
                  )}
                  <Typography variant="caption" color="text.secondary">
                    {`${h.staff_name} · ${when(h.handle_time)}`}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
