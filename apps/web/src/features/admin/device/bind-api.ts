import { type DeviceKey, Resource, deviceKey } from '@vigil/contracts';
import { useWrite } from '../../../components/resource/index.ts';

/** Every list that shows a binding: the device registry, member device records, the binding lists. */
export const bindingResources = [
  Resource.deviceBind,
  Resource.user,
  Resource.userSystemDeviceBind,
  Resource.deviceBindChylyng,
  Resource.userSystemDeviceBindChylyng,
];

export type BindInput = { deviceId: number; member_id?: number; area_id?: number; remark?: string | null };

export function useBind() {
  return useWrite<BindInput>(({ deviceId, ...body }) => ({ method: 'POST', path: `${Resource.deviceBind}/${deviceId}/bind`, body }), bindingResources);
}

/** POST /device/bind/key/{id}: a new key replaces the old one at once; the answer is the only time it is seen. */
export function useRotateKey() {
  return useWrite<number, DeviceKey>((deviceId) => ({ method: 'POST', path: `${Resource.deviceBind}/key/${deviceId}`, body: {} }), [Resource.deviceBind], deviceKey);
}

export function useUnbind() {
  return useWrite<number>((deviceId) => ({ method: 'POST', path: `${Resource.deviceBind}/${deviceId}/unbind`, body: {} }), bindingResources);
}
