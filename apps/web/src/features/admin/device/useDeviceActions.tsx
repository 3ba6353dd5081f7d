import { type ReactNode, useState } from 'react';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import TuneIcon from '@mui/icons-material/Tune';
import { type DeviceKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../../../lib/session.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { type CustomRowAction } from '../../../components/resource/index.ts';
import { actionPermission } from '../shared/action-permissions.ts';
import { BindDeviceDialog } from './BindDialog.tsx';
import { useRotateKey, useUnbind } from './bind-api.ts';
import { DeviceSettingsDialog, settingsPathOf } from './DeviceSettingsDialog.tsx';
import { DeviceKeyDialog } from './RegisterDeviceButton.tsx';

/**
 * What the device actions need of a row, whether it is a registered device or one of its bindings.
 * A `history` row (an ended binding) is a record, not the device: it offers no action.
 */
export type DeviceRef = { id: number; type: number; serial: string; bound: boolean; history?: boolean };

type Which = 'bind' | 'unbind' | 'settings' | 'key';

/**
 * The row actions shared by the device lists: bind, unbind, alert settings (sleep and space
 * sensors), key rotation; and the dialogs they open. `toDevice` maps a list's row to the device.
 */
export function useDeviceActions<Row>(toDevice: (row: Row) => DeviceRef, which: Which[]): { actions: CustomRowAction<Row>[]; dialogs: ReactNode } {
  const { t } = useTranslation();
  const session = useSession();
  const unbind = useUnbind();
  const rotate = useRotateKey();
  const [binding, setBinding] = useState<DeviceRef | null>(null);
  const [unbinding, setUnbinding] = useState<DeviceRef | null>(null);
  const [rotating, setRotating] = useState<DeviceRef | null>(null);
  const [settings, setSettings] = useState<DeviceRef | null>(null);
  const [newKey, setNewKey] = useState<(DeviceKey & { serial: string }) | null>(null);

  const all: Record<Which, CustomRowAction<Row>> = {
    bind: {
      id: 'bind',
      label: t('admin.device.bind'),
      icon: <LinkIcon fontSize="small" />,
      hidden: (r) => toDevice(r).bound || Boolean(toDevice(r).history),
      onClick: (r) => setBinding(toDevice(r)),
      permission: actionPermission.deviceBind,
    },
    unbind: {
      id: 'unbind',
      label: t('admin.device.unbind'),
      icon: <LinkOffIcon fontSize="small" />,
      color: 'warning',
      hidden: (r) => !toDevice(r).bound || Boolean(toDevice(r).history),
      onClick: (r) => setUnbinding(toDevice(r)),
      permission: actionPermission.deviceUnbind,
    },
    settings: {
      id: 'settings',
      label: t('admin.device.settings.action'),
      icon: <TuneIcon fontSize="small" />,
      hidden: (r) => settingsPathOf[toDevice(r).type] === undefined || Boolean(toDevice(r).history),
      onClick: (r) => setSettings(toDevice(r)),
      // Each sensor family has its own pair, so the check depends on the row's type.
      disabled: (r) => !hasPermission(session, 'GET', `${settingsPathOf[toDevice(r).type]}/{id}`),
    },
    key: {
      id: 'key',
      label: t('admin.device.rotateKey'),
      icon: <KeyOutlinedIcon fontSize="small" />,
      hidden: (r) => Boolean(toDevice(r).history),
      onClick: (r) => setRotating(toDevice(r)),
      permission: actionPermission.deviceKey,
    },
  };

  const dialogs = (
    <>
      {binding && <BindDeviceDialog device={binding} onClose={() => setBinding(null)} />}
      {settings && <DeviceSettingsDialog device={settings} onClose={() => setSettings(null)} />}
      <ConfirmDialog
        open={unbinding !== null}
        title={t('admin.device.unbindTitle')}
        message={t('admin.device.unbindMessage', { serial: unbinding?.serial ?? '' })}
        confirmLabel={t('admin.device.unbind')}
        onClose={() => setUnbinding(null)}
        onConfirm={() => unbind.mutateAsync(unbinding!.id)}
      />
      <ConfirmDialog
        open={rotating !== null}
        title={t('admin.device.rotateKey')}
        message={t('admin.device.rotateMessage', { serial: rotating?.serial ?? '' })}
        confirmLabel={t('admin.device.rotateKey')}
        onClose={() => setRotating(null)}
        onConfirm={async () => {
          const device = rotating!;
          const answer = await rotate.mutateAsync(device.id);
          setNewKey({ ...answer, serial: device.serial });
        }}
      />
      {newKey && <DeviceKeyDialog device={newKey} onClose={() => setNewKey(null)} />}
    </>
  );
  return { actions: which.map((w) => all[w]), dialogs };
}
