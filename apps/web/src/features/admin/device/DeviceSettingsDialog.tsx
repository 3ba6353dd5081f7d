import { useEffect } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import {
  DeviceType,
  Resource,
  SpaceMode,
  sleepSetting,
  sleepSettingDetail,
  spaceSetting,
  spaceSettingDetail,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { request } from '../../../lib/http.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { dialog, type ResourceDialog, useWrite } from '../../../components/resource/index.ts';

/** Device types with an alert-settings page, and the path of each (docs/admin-api.md "Settings"). */
export const settingsPathOf: Partial<Record<number, string>> = {
  [DeviceType.sleepSensor]: Resource.deviceSleepSetting,
  [DeviceType.spaceSentinel]: Resource.deviceSpaceSetting,
  [DeviceType.spaceFall]: Resource.deviceSpaceSetting,
};

const hourOptions = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }));

/** Weekday names in the interface language, Sunday first as the server counts them (0–6). */
function weekdayOptions() {
  const format = new Intl.DateTimeFormat(localeStore.get(), { weekday: 'long' });
  // 2024-01-07 was a Sunday.
  return Array.from({ length: 7 }, (_, d) => ({ value: d, label: format.format(new Date(2024, 0, 7 + d)) }));
}

function sleepDialog(t: TFunction, value: z.infer<typeof sleepSetting>): ResourceDialog {
  const minutes = t('admin.device.settings.minutes');
  return dialog({
    schema: sleepSetting,
    defaultValues: value,
    fields: [
      { name: 'out_of_bed_minutes', label: t('admin.device.settings.outOfBed'), type: 'number', required: true, min: 1, max: 720, helperText: minutes },
      { name: 'night_start_hour', label: t('admin.device.settings.nightStart'), required: true, options: hourOptions },
      { name: 'night_end_hour', label: t('admin.device.settings.nightEnd'), required: true, options: hourOptions, helperText: t('admin.device.settings.wrapsMidnight') },
      { name: 'not_in_bed_minutes', label: t('admin.device.settings.notInBed'), type: 'number', required: true, min: 1, max: 720, helperText: minutes },
      { name: 'no_breath_seconds', label: t('admin.device.settings.noBreath'), type: 'number', required: true, min: 5, max: 300, helperText: t('admin.device.settings.seconds') },
      {
        name: 'sensitivity',
        label: t('admin.device.settings.sensitivity'),
        required: true,
        options: [1, 2, 3, 4, 5].map((v) => ({ value: v, label: t('admin.device.settings.level', { level: v }) })),
        helperText: t('admin.device.settings.sensitivityHelp'),
      },
    ],
  });
}

function spaceDialog(t: TFunction, value: z.infer<typeof spaceSetting>): ResourceDialog {
  return dialog({
    schema: spaceSetting,
    defaultValues: value,
    fields: [
      {
        name: 'mode',
        label: t('admin.device.settings.mode'),
        required: true,
        options: Object.values(SpaceMode).map((m) => ({ value: m, label: t(`admin.device.settings.modes.${m}`) })),
      },
      { name: 'stay_minutes', label: t('admin.device.settings.stay'), type: 'number', required: true, min: 1, max: 1440, helperText: t('admin.device.settings.minutes') },
      { name: 'intrusion_days', label: t('admin.device.settings.intrusionDays'), kind: 'multiselect', options: weekdayOptions(), helperText: t('admin.device.settings.intrusionHelp') },
      { name: 'intrusion_start_hour', label: t('admin.device.settings.intrusionStart'), required: true, options: hourOptions },
      { name: 'intrusion_end_hour', label: t('admin.device.settings.intrusionEnd'), required: true, options: hourOptions, helperText: t('admin.device.settings.wrapsMidnight') },
    ],
  });
}

type Props = { device: { id: number; type: number; serial: string }; onClose: () => void };

/** GET then PUT {settings path}/{id}: a sleep or space sensor's alert settings, as the alert rules read them. */
export function DeviceSettingsDialog({ device, onClose }: Props) {
  const { t } = useTranslation();
  const path = settingsPathOf[device.type] ?? Resource.deviceSleepSetting;
  const isSleep = path === Resource.deviceSleepSetting;
  const detailSchema = (isSleep ? sleepSettingDetail : spaceSettingDetail) as z.ZodType<{ setting: Record<string, unknown> }>;
  const current = useQuery({
    queryKey: [path, 'detail', device.id],
    queryFn: ({ signal }) => request(`${path}/${device.id}`, { schema: detailSchema, signal }),
    // Settings may have been changed by another administrator since the dialog was last open.
    staleTime: 0,
  });
  const save = useWrite<unknown>((body) => ({ method: 'PUT', path: `${path}/${device.id}`, body }), [path]);
  const title = t('admin.device.settings.title', { serial: device.serial });
  // The http client has toasted the failure; an empty form would only invite a blind overwrite.
  useEffect(() => {
    if (current.isError) onClose();
  }, [current.isError, onClose]);

  if (!current.data) {
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-label={title} aria-busy>
        <DialogContent>
          <Skeleton height={48} />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </DialogContent>
      </Dialog>
    );
  }
  const config = isSleep
    ? sleepDialog(t, current.data.setting as z.infer<typeof sleepSetting>)
    : spaceDialog(t, current.data.setting as z.infer<typeof spaceSetting>);
  return config.render({ title, permission: { method: 'PUT', route: `${path}/{id}` }, onClose, submit: (body) => save.mutateAsync(body) });
}
