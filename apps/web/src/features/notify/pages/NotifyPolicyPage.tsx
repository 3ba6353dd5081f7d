import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AlertPriority, type NotifyPolicy, Resource, alertPriorityLabelKey, notifyPolicy } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { LeaveGuard } from '../../../components/form/LeaveGuard.tsx';
import { translateError } from '../../../components/form/translate-error.ts';
import { usePermission } from '../../../lib/session.ts';
import { useNotifyPolicy, useSaveNotifyPolicy } from '../api.ts';
import { type FieldErrors, issuesOf, serverIssuesOf } from '../field-errors.ts';

const priorities: AlertPriority[] = ['high', 'medium', 'low'];
const priorityColor: Record<AlertPriority, 'error' | 'warning' | 'info'> = { high: 'error', medium: 'warning', low: 'info' };
type Draft = Record<AlertPriority, string>;
const draftOf = (p: NotifyPolicy): Draft => ({ high: String(p.high), medium: String(p.medium), low: String(p.low) });

/**
 * The organisation's escalation tiers (docs/notifications.md "Escalation tiers"): per priority the
 * acknowledgement timeout T; an alert nobody acknowledges goes to push after T, to LINE and email
 * after 2T and to the next people (organisation and area admins) after 3T, and high priority
 * repeats every T until acknowledged. Alerts raised after a save follow the new timing.
 */
export default function NotifyPolicyPage() {
  const { t } = useTranslation();
  const { data, isError } = useNotifyPolicy();
  return (
    <Stack spacing={3}>
      <Typography variant="h1" component="h1">
        {t('page.notify-policy')}
      </Typography>
      {isError ? (
        <Alert severity="error">{t('notifyPolicy.loadFailed')}</Alert>
      ) : !data ? (
        <CircularProgress aria-label={t('shell.loadingPage')} />
      ) : (
        <PolicyForm key={JSON.stringify(data)} data={data} />
      )}
    </Stack>
  );
}

function PolicyForm({ data }: { data: NotifyPolicy }) {
  const { t } = useTranslation();
  const allowed = usePermission('PUT', Resource.notifyPolicy);
  const save = useSaveNotifyPolicy(priorities);
  const [saved] = useState(() => draftOf(data));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty = priorities.some((p) => draft[p] !== saved[p]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = notifyPolicy.safeParse(Object.fromEntries(priorities.map((p) => [p, draft[p] === '' ? Number.NaN : Number(draft[p])])));
    if (!parsed.success) return setErrors(issuesOf(parsed.error));
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
    } catch (error) {
      setErrors(serverIssuesOf(error));
    }
  };

  const chain = (priority: AlertPriority, minutes: number) =>
    [
      t('notifyPolicy.tierPush', { minutes }),
      t('notifyPolicy.tierLineEmail', { minutes: 2 * minutes }),
      t('notifyPolicy.tierNext', { minutes: 3 * minutes }),
      ...(priority === 'high' ? [t('notifyPolicy.repeats', { minutes })] : []),
    ].join(' · ');

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-label={t('page.notify-policy')} sx={{ maxWidth: 960 }}>
      <LeaveGuard dirty={dirty && !save.isPending} />
      <Typography color="text.secondary">{t('notifyPolicy.intro')}</Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={t('notifyPolicy.tableLabel')} data-testid="notify-policy-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('notifyPolicy.priority')}</TableCell>
              <TableCell>{t('notifyPolicy.timeout')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('notifyPolicy.chain')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {priorities.map((priority) => {
              const error = translateError(t, errors[priority]);
              const minutes = Number(saved[priority]);
              return (
                <TableRow key={priority} data-testid={`policy-row-${priority}`}>
                  <TableCell sx={{ verticalAlign: 'top', pt: 3 }}>
                    <Chip size="small" color={priorityColor[priority]} label={t(alertPriorityLabelKey[priority])} sx={{ fontWeight: 600 }} />
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <TextField
                      size="small"
                      label={t('notifyPolicy.minutes')}
                      value={draft[priority]}
                      onChange={(e) => setDraft({ ...draft, [priority]: e.target.value.replace(/\D/g, '') })}
                      disabled={!allowed}
                      error={Boolean(error)}
                      helperText={error ?? t('notifyPolicy.range', { max: notifyPolicy.shape[priority].maxValue })}
                      slotProps={{
                        htmlInput: { inputMode: 'numeric', maxLength: 4, 'aria-label': t('notifyPolicy.timeoutFor', { priority: t(alertPriorityLabelKey[priority]) }) },
                        input: { endAdornment: <InputAdornment position="end">{t('notifyPolicy.min')}</InputAdornment> },
                      }}
                      sx={{ width: 170 }}
                    />
                    {/* On a phone the chain sits under the timeout instead of in its own column. */}
                    <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' }, mt: 1 }} data-testid={`policy-chain-${priority}`}>
                      {chain(priority, minutes)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, verticalAlign: 'top', pt: 2.5 }}>
                    <Typography variant="body2">{chain(priority, minutes)}</Typography>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Alert severity="info">{t('notifyPolicy.defaults')}</Alert>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={!allowed || !dirty || save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('common.save')}
        </Button>
        {dirty && (
          <Typography variant="body2" color="text.secondary">
            {t('notifySettings.unsaved')}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
