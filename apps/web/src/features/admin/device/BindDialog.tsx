import { z } from 'zod';
import { DeviceBinding, ValidationMessage, deviceResource, deviceTypeBinding, deviceTypeLabelKey, memberResource, optionalText, type DeviceType } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { useAreaOptions, useResourceOptions } from '../../../components/resource/index.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { actionPermission } from '../shared/action-permissions.ts';
import { useBind } from './bind-api.ts';

const pick = z.number({ error: ValidationMessage.required });
const deviceForm = z.object({ device_id: pick, remark: optionalText(500) });
const targetForm = z.object({ target: pick, remark: optionalText(500) });

/** From a member's device record: choose one of the organisation's unbound member-level devices. */
export function BindDeviceToMemberDialog({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const devices = useResourceOptions(deviceResource, { state: 0 });
  const bind = useBind();
  const options = (devices.data ?? [])
    .filter((d) => deviceTypeBinding[d.type as DeviceType] === DeviceBinding.member)
    .map((d) => ({ value: d.id, label: `${t(deviceTypeLabelKey[d.type as DeviceType])} · ${d.serial}${d.name ? ` · ${d.name}` : ''}` }));
  return (
    <FormDialog
      open
      title={t('admin.device.bind')}
      schema={deviceForm}
      defaultValues={{ remark: '' }}
      fields={[
        { name: 'device_id', label: t('admin.device.device'), kind: 'autocomplete', required: true, options, helperText: options.length ? undefined : t('admin.device.noUnbound') },
        { name: 'remark', label: t('admin.common.remark'), multiline: true },
      ]}
      permission={actionPermission.deviceBind}
      onClose={onClose}
      onSubmit={(v) => bind.mutateAsync({ deviceId: v.device_id, member_id: memberId, remark: v.remark || null })}
    />
  );
}

/** From the device list: a member for member-level types, an area for room devices (contracts deviceTypeBinding). */
export function BindDeviceDialog({ device, onClose }: { device: { id: number; type: number; serial: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const { term } = useMemberTerm();
  const toMember = deviceTypeBinding[device.type as DeviceType] === DeviceBinding.member;
  const members = useResourceOptions(memberResource, {}, toMember);
  const areas = useAreaOptions(undefined, !toMember);
  const bind = useBind();
  const options = toMember ? (members.data ?? []).map((m) => ({ value: m.id, label: [m.name, m.room].filter(Boolean).join(' · ') })) : areas;
  return (
    <FormDialog
      open
      title={`${t('admin.device.bind')} · ${device.serial}`}
      schema={targetForm}
      defaultValues={{ remark: '' }}
      fields={[
        { name: 'target', label: toMember ? t('admin.device.bindMember', { term }) : t('admin.common.area'), kind: toMember ? 'autocomplete' : 'text', required: true, options },
        { name: 'remark', label: t('admin.common.remark'), multiline: true },
      ]}
      permission={actionPermission.deviceBind}
      onClose={onClose}
      onSubmit={(v) =>
        bind.mutateAsync({ deviceId: device.id, ...(toMember ? { member_id: v.target } : { area_id: v.target }), remark: v.remark || null })
      }
    />
  );
}
