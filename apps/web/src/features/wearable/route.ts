import { type DeviceType, wearableDeviceModel } from '@vigil/contracts';

/**
 * SPEC §2 route params of the wearable device page: `/wearable-device-<model>/<member_id>[/<device_type>]`,
 * or the same two as query parameters. The device type is the numeric type or the model name
 * (`/wearable-device-B10/15/B10`, any letter case), as links from device records write it. The page's own model fixes the device type when the
 * route leaves it out; a device type of another watch is refused rather than silently shown.
 */
export function parseWearableRoute(
  splat: string | undefined,
  search: URLSearchParams,
  pageType: DeviceType,
): { memberId: number; deviceType: DeviceType } | null {
  const [pathMember, pathDevice] = (splat ?? '').split('/').filter(Boolean);
  const member = pathMember ?? search.get('member_id') ?? '';
  const device = pathDevice ?? search.get('device_type') ?? String(pageType);
  if (!/^\d+$/.test(member) || Number(member) < 1) return null;
  const model = wearableDeviceModel[pageType as keyof typeof wearableDeviceModel];
  const sameModel = model !== undefined && device.toUpperCase() === model;
  if (!sameModel && (!/^\d+$/.test(device) || Number(device) !== pageType)) return null;
  return { memberId: Number(member), deviceType: pageType };
}
