import type { z } from 'zod';
import {
  bloodOxygenRecord,
  bloodPressureRecord,
  bloodSugarRecord,
  bodyTemperatureRecord,
  ecgDetail,
  ecgRecord,
  genericRecord,
  heartRateRecord,
  sleepRecord,
  valueRecord,
  withUserId,
  type PhysiologicalKind,
} from '@vigil/contracts';
import type { readings } from '../../../db/schema/index.ts';

/** A stored reading as the routes select it: times already in unix seconds (SPEC §3's wire form). */
export type ReadingRow = Pick<typeof readings.$inferSelect, 'id' | 'memberId' | 'source' | 'value' | 'value2' | 'data' | 'remark'> & {
  userName: string;
  occurTime: number;
  createdAt: number;
  updatedAt: number;
};
const obj = (data: Record<string, unknown> | null) => data ?? {};
const primitivesOf = (data: Record<string, unknown> | null) => {
  if (!data) return null;
  const out: Record<string, number | string | boolean | null> = {};
  for (const [k, v] of Object.entries(data)) {
    if (v === null || ['number', 'string', 'boolean'].includes(typeof v))
      out[k] = v as number | string | boolean | null;
  }
  return out;
};

function base(r: ReadingRow) {
  return {
    id: r.id,
    user_name: r.userName,
    occur_time: r.occurTime,
    type: r.source,
    remark: r.remark,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** How one kind's stored rows become its SPEC §3 record (list row and detail). */
export type RecordShape = {
  row: z.ZodType;
  detail: z.ZodType;
  toRow: (r: ReadingRow) => unknown;
  toDetail: (r: ReadingRow) => unknown;
};

const withUser = (toRow: (r: ReadingRow) => object) => (r: ReadingRow) => ({
  ...toRow(r),
  user_id: r.memberId,
});

const valueShape = (row: typeof valueRecord): RecordShape => {
  const toRow = (r: ReadingRow) => ({ ...base(r), value: r.value ?? 0 });
  return { row, detail: withUserId(row), toRow, toDetail: withUser(toRow) };
};

const genericShape: RecordShape = (() => {
  const toRow = (r: ReadingRow) => ({ ...base(r), value: r.value, data: primitivesOf(r.data) });
  return {
    row: genericRecord,
    detail: withUserId(genericRecord),
    toRow,
    toDetail: withUser(toRow),
  };
})();

const bloodPressure: RecordShape = (() => {
  const toRow = (r: ReadingRow) => ({ ...base(r), sys: r.value ?? 0, dia: r.value2 ?? 0, data: r.data });
  return {
    row: bloodPressureRecord,
    detail: withUserId(bloodPressureRecord),
    toRow,
    toDetail: withUser(toRow),
  };
})();

const bodyTemperature: RecordShape = (() => {
  const toRow = (r: ReadingRow) => ({ ...base(r), value: r.value ?? 0, data: r.data });
  return {
    row: bodyTemperatureRecord,
    detail: withUserId(bodyTemperatureRecord),
    toRow,
    toDetail: withUser(toRow),
  };
})();

const bloodSugar: RecordShape = (() => {
  const toRow = (r: ReadingRow) => ({ ...base(r), value: r.value ?? 0, data: r.data });
  return {
    row: bloodSugarRecord,
    detail: withUserId(bloodSugarRecord),
    toRow,
    toDetail: withUser(toRow),
  };
})();

const ecg: RecordShape = (() => {
  const toRow = (r: ReadingRow) => ({
    ...base(r),
    status: r.value2 ?? 0,
    heart_rate: r.value,
    findings: (obj(r.data).findings as string[] | undefined) ?? [],
  });
  const toDetail = (r: ReadingRow) => ({
    ...toRow(r),
    user_id: r.memberId,
    sample_rate: (obj(r.data).sample_rate as number | undefined) ?? null,
    samples: (obj(r.data).samples as number[] | undefined) ?? [],
  });
  return { row: ecgRecord, detail: ecgDetail, toRow, toDetail };
})();

const sleep: RecordShape = (() => {
  const toRow = (r: ReadingRow) => {
    const d = obj(r.data) as { end_time?: number; detail_obj?: unknown[]; data?: unknown };
    const { occur_time, ...rest } = base(r);
    return {
      ...rest,
      start_time: occur_time,
      end_time: d.end_time ?? occur_time,
      detail_obj: d.detail_obj ?? [],
      data: d.data ?? null,
    };
  };
  return {
    row: sleepRecord,
    detail: withUserId(sleepRecord),
    toRow,
    toDetail: withUser(toRow),
  };
})();

export const recordShapes: Record<PhysiologicalKind, RecordShape> = {
  heartRate: valueShape(heartRateRecord),
  bloodPressure,
  bloodOxygen: valueShape(bloodOxygenRecord),
  bodyTemperature,
  bloodSugar,
  bloodGlucose: valueShape(valueRecord),
  ecg,
  sleep,
  activity: genericShape,
  sports: genericShape,
  weight: valueShape(valueRecord),
  hrv: valueShape(valueRecord),
  cholesterol: valueShape(valueRecord),
  uricAcid: valueShape(valueRecord),
  urineOutput: valueShape(valueRecord),
  drinkingWater: valueShape(valueRecord),
  heartVessel: genericShape,
};
