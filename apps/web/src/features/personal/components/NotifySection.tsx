import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AlertPriority, type NotifyChannel, type NotifyPreferencesDetail, alertPriorityLabelKey, notifyChannels } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useNotifyPreferences, useSaveNotifyPreferences } from '../notify-api.ts';

const priorities: AlertPriority[] = ['high', 'medium', 'low'];
const toTime = (minutes: number | null) => (minutes === null ? '' : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
const fromTime = (value: string) => {
  const [h, m] = value.split(':').map(Number);
  return Number.isInteger(h) && Number.isInteger(m) ? h * 60 + m : null;
};

type Draft = Pick<NotifyPreferencesDetail, 'language' | 'channels' | 'quiet_start' | 'quiet_end' | 'utc_offset_minutes'>;

/** The personal page's Notifications section: which priorities each channel carries, quiet hours, language. */
export function NotifySection() {
  const { data } = useNotifyPreferences();
  // The form starts again from what the server stored each time it answers.
  return data ? <NotifyForm key={JSON.stringify(data)} data={data} /> : null;
}

function NotifyForm({ data }: { data: NotifyPreferencesDetail }) {
  const { t } = useTranslation();
  const save = useSaveNotifyPreferences();
  const [draft, setDraft] = useState<Draft>({
    language: data.language,
    channels: data.channels,
    quiet_start: data.quiet_start,
    quiet_end: data.quiet_end,
    utc_offset_minutes: data.utc_offset_minutes,
  });

  const toggle = (channel: NotifyChannel, priority: AlertPriority, on: boolean) =>
    setDraft({ ...draft, channels: { ...draft.channels, [channel]: on ? [...draft.channels[channel], priority] : draft.channels[channel].filter((p) => p !== priority) } });
  const quiet = draft.quiet_start !== null;
  const submit = (enable?: NotifyChannel[]) => save.mutate({ ...draft, utc_offset_minutes: -new Date().getTimezoneOffset(), ...(enable && { enable }) });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="notify-section">
      <Stack spacing={2}>
        <Typography variant="h2" component="h2">
          {t('notify.section')}
        </Typography>
        <Typography color="text.secondary">{t('notify.intro')}</Typography>
        {data.disabled.map((d) => (
          <Alert
            key={d.channel}
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => submit([d.channel])}>
                {t('notify.enable')}
              </Button>
            }
          >
            {t('notify.disabled', { channel: t(`notify.channel.${d.channel}`), reason: d.reason })}
          </Alert>
        ))}
        {notifyChannels.map((channel) => (
          <Stack key={channel} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Stack direction="row" spacing={1} sx={{ minWidth: 200, alignItems: 'center' }}>
              <Typography component="h3" variant="subtitle1">
                {t(`notify.channel.${channel}`)}
              </Typography>
              <Chip size="small" variant="outlined" color={data.live.includes(channel) ? 'success' : 'default'} label={t(data.live.includes(channel) ? 'notify.live' : 'notify.notLive')} />
            </Stack>
            <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
              {priorities.map((priority) => (
                <FormControlLabel
                  key={priority}
                  label={t(alertPriorityLabelKey[priority])}
                  control={<Checkbox checked={draft.channels[channel].includes(priority)} onChange={(e) => toggle(channel, priority, e.target.checked)} />}
                />
              ))}
            </Stack>
          </Stack>
        ))}
        {!data.email && <Alert severity="info">{t('notify.noEmail')}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FormControlLabel
            label={t('notify.quietHours')}
            control={<Checkbox checked={quiet} onChange={(e) => setDraft({ ...draft, quiet_start: e.target.checked ? 22 * 60 : null, quiet_end: e.target.checked ? 7 * 60 : null })} />}
          />
          <TextField
            type="time"
            size="small"
            label={t('notify.quietStart')}
            disabled={!quiet}
            value={toTime(draft.quiet_start)}
            onChange={(e) => setDraft({ ...draft, quiet_start: fromTime(e.target.value) ?? draft.quiet_start })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="time"
            size="small"
            label={t('notify.quietEnd')}
            disabled={!quiet}
            value={toTime(draft.quiet_end)}
            onChange={(e) => setDraft({ ...draft, quiet_end: fromTime(e.target.value) ?? draft.quiet_end })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <TextField
          select
          size="small"
          label={t('notify.language')}
          value={draft.language}
          onChange={(e) => setDraft({ ...draft, language: e.target.value as Draft['language'] })}
          sx={{ maxWidth: 240 }}
        >
          <MenuItem value="en">{t('language.en')}</MenuItem>
          <MenuItem value="zh-TW">{t('language.zh-TW')}</MenuItem>
        </TextField>
        <Stack direction="row">
          <Button variant="contained" onClick={() => submit()} disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
