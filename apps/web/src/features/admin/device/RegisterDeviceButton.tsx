import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { type DeviceCreated, DeviceType, Resource, deviceCreate, deviceCreated, deviceTypeLabelKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { enumOptions, useAreaOptions, useWrite } from '../../../components/resource/index.ts';
import { BindDeviceDialog } from './BindDialog.tsx';
import { bindingResources } from './bind-api.ts';

/**
 * The device key is returned by the registration and key-rotation calls only; the server keeps its
 * hash. So it is shown once, with a copy button and a warning; after a registration the user may
 * go on to bind the device.
 */
export function DeviceKeyDialog({ device, onBind, onClose }: { device: { serial: string; key: string }; onBind?: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="device-key-title">
      <DialogTitle id="device-key-title">{t('admin.device.keyTitle', { serial: device.serial })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('admin.device.keyWarning')}</Alert>
          <TextField label={t('admin.device.key')} value={device.key} slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'device-key' } }} fullWidth />
          <Button
            startIcon={<ContentCopyIcon />}
            variant="outlined"
            onClick={() => void navigator.clipboard?.writeText(device.key).then(() => setCopied(true))}
            sx={{ alignSelf: 'flex-start' }}
          >
            {copied ? t('admin.common.copied') : t('admin.common.copy')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t('common.close')}
        </Button>
        {onBind && (
          <Button variant="contained" onClick={onBind}>
            {t('admin.device.bindNow')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Register a device (type, serial, name, model, area), show its key once, then offer to bind it. */
export function RegisterDeviceButton({ types = Object.values(DeviceType) }: { types?: readonly DeviceType[] }) {
  const { t } = useTranslation();
  const areas = useAreaOptions();
  const [step, setStep] = useState<'closed' | 'form' | 'key' | 'bind'>('closed');
  const [created, setCreated] = useState<DeviceCreated | null>(null);
  const register = useWrite<unknown, DeviceCreated>((body) => ({ method: 'POST', path: Resource.deviceBind, body }), bindingResources, deviceCreated);
  return (
    <>
      <PermissionButton method="POST" route={Resource.deviceBind} variant="contained" startIcon={<AddIcon />} onClick={() => setStep('form')}>
        {t('admin.device.register')}
      </PermissionButton>
      {step === 'form' && (
        <FormDialog
          open
          title={t('admin.device.register')}
          schema={deviceCreate}
          defaultValues={{ serial: '', name: '', model: '', type: types.length === 1 ? types[0] : undefined }}
          fields={[
            { name: 'type', label: t('admin.common.type'), required: true, options: enumOptions(types, deviceTypeLabelKey, t) },
            { name: 'serial', label: t('admin.device.serial'), required: true },
            { name: 'name', label: t('admin.common.name') },
            { name: 'model', label: t('admin.device.model') },
            { name: 'area_id', label: t('admin.common.area'), options: areas },
          ]}
          permission={{ method: 'POST', route: Resource.deviceBind }}
          onClose={() => setStep((s) => (s === 'form' ? 'closed' : s))}
          onSubmit={async (v) => {
            const device = await register.mutateAsync({ ...v, name: v.name || null, model: v.model || null });
            setCreated(device);
            setStep('key');
          }}
        />
      )}
      {step === 'key' && created && <DeviceKeyDialog device={created} onBind={() => setStep('bind')} onClose={() => setStep('closed')} />}
      {step === 'bind' && created && <BindDeviceDialog device={created} onClose={() => setStep('closed')} />}
    </>
  );
}
