import { and, eq, isNull, isNotNull } from 'drizzle-orm';
import type { Device } from '@medplum/fhirtypes';
import { DeviceType, INT4_MAX } from '@vigil/contracts';
import { deviceBindings, devices } from '../../db/schema/index.ts';
import { defineList } from '../../resources/list.ts';
import { deviceScope } from '../devices/device/rows.ts';
import { VigilSystem } from './codes.ts';
import { epoch, fhirListQuery, updatedFilters, type FhirKind } from './kind.ts';
import { patientParam } from './members.ts';
import { instant } from './time.ts';

export type DeviceRow = {
  id: number;
  orgId: number;
  type: number;
  serial: string;
  name: string | null;
  model: string | null;
  enabled: boolean;
  memberId: number | null;
  updatedAt: number;
};

/** The binding in force: at most one per device (device_bindings_open_uq), to a member. */
const openBinding = and(
  eq(deviceBindings.deviceId, devices.id),
  isNull(deviceBindings.unboundAt),
  isNotNull(deviceBindings.memberId),
);

const deviceList = defineList({
  table: devices,
  wire: {
    id: devices.id,
    orgId: devices.orgId,
    type: devices.type,
    serial: devices.serial,
    name: devices.name,
    model: devices.model,
    enabled: devices.enabled,
    memberId: deviceBindings.memberId,
    updatedAt: epoch(devices.updatedAt),
  },
  joins: [{ table: deviceBindings, on: openBinding!, left: true }],
  listQuery: fhirListQuery,
  scope: deviceScope,
  filters: {
    record_id: (v: number) => eq(devices.id, v),
    user_id: (v: number) => eq(deviceBindings.memberId, v),
    ...updatedFilters(devices.updatedAt),
  },
  orderColumns: { date: devices.updatedAt },
});

const typeName = new Map<number, string>(Object.entries(DeviceType).map(([name, code]) => [code, name]));

export function toDevice(r: DeviceRow): Device {
  return {
    resourceType: 'Device',
    id: String(r.id),
    meta: { lastUpdated: instant(r.updatedAt) },
    identifier: [{ system: VigilSystem.deviceSerial, value: r.serial }],
    status: r.enabled ? 'active' : 'inactive',
    serialNumber: r.serial,
    ...(r.name ? { deviceName: [{ name: r.name, type: 'user-friendly-name' }] } : {}),
    ...(r.model ? { modelNumber: r.model } : {}),
    type: {
      coding: [{ system: VigilSystem.deviceType, code: String(r.type), display: typeName.get(r.type) }],
    },
    owner: { reference: `Organization/${r.orgId}` },
    ...(r.memberId !== null ? { patient: { reference: `Patient/${r.memberId}` } } : {}),
  };
}

export const deviceKind: FhirKind<DeviceRow> = {
  type: 'Device',
  list: deviceList as FhirKind<DeviceRow>['list'],
  params: ['patient'],
  sorts: { _id: 'id', _lastUpdated: 'updated_at' },
  async plan(db, p, params) {
    const memberId = await patientParam(db, p, params);
    return { memberId, query: { user_id: memberId } };
  },
  toResource: toDevice,
  memberOf: (r) => r.memberId,
  maxId: INT4_MAX,
};
