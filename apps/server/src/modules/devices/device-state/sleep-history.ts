import { and, eq, sql } from 'drizzle-orm';
import { DeviceType, sleepHistoryResource } from '@vigil/contracts';
import { devices, readings } from '../../../db/schema/index.ts';
import { readingKindCode } from '../../../ingest/kinds.ts';
import { readingsOfBindings } from '../../../resources/bindings.ts';
import { defineResource } from '../../../resources/define.ts';
import { areaName, memberName } from '../../../resources/names.ts';
import { matchesAny } from '../../../resources/rows.ts';

const memberField = (column: 'room' | 'bed') =>
  sql<string | null>`(select m.${sql.raw(column)} from members m where m.id = ${readings.memberId})`;
const status = sql<number>`coalesce((${readings.data}->>'status')::int, 0)`;
const guestName = memberName(readings.memberId);
const room = memberField('room');

/**
 * SPEC §7 `/device/sleep/history`: the bed-status reports of sleep sensors, read-only, in the
 * caller's tenant scope. The join keeps it to sleep sensors' bed reports for list and detail alike.
 */
export const sleepHistoryRoutes = defineResource({
  resource: sleepHistoryResource,
  tag: 'device',
  table: readings,
  wire: {
    serial: devices.serial,
    device_name: devices.name,
    member_name: guestName,
    area_name: areaName(readings.areaId),
    room,
    bed: memberField('bed'),
    status,
    minutes: sql<number>`coalesce((${readings.data}->>'minutes')::int, 0)`,
    heart_rate: sql<number | null>`(${readings.data}->>'heart_rate')::real`,
    breath_rate: sql<number | null>`(${readings.data}->>'breath_rate')::real`,
  },
  joins: [
    {
      table: devices,
      on: and(eq(devices.id, readings.deviceId), eq(devices.type, DeviceType.sleepSensor), eq(readings.kind, readingKindCode.bed))!,
    },
  ],
  scope: { org: readings.orgId, area: readings.areaId },
  filters: {
    user_id: (v) => eq(readings.memberId, v),
    state: (v) => eq(status, v),
    keyword: matchesAny(devices.serial, guestName, room),
  },
  dateColumn: readings.occurTime,
  binding: readingsOfBindings,
  orderColumns: { occur_time: readings.occurTime },
  operations: ['list', 'detail'],
});
