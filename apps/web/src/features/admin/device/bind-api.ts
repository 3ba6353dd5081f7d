import { Resource } from '@vigil/contracts';
import { useWrite } from '../shared/api.ts';

/** Routes of the binding calls, as the permission list names them. */
export const bindRoute = `${Resource.deviceBind}/{id}/bind`;
export const unbindRoute = `${Resource.deviceBind}/{id}/unbind`;
export const keyRoute = `${Resource.deviceBind}/key/{id}`;

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

export function useUnbind() {
  return useWrite<number>((deviceId) => ({ method: 'POST', path: `${Resource.deviceBind}/${deviceId}/unbind`, body: {} }), bindingResources);
}
