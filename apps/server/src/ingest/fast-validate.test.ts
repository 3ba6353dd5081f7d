import { describe, expect, it } from 'vitest';
import { DataSource } from '@vigil/contracts';
import { readingEnvelope } from './envelope.ts';
import { fastEnvelope, fastKinds, fastValues } from './fast-validate.ts';
import { readingValueSchemas, type ReadingKind } from '@vigil/contracts/readings';

/**
 * The fast path may only accept: whenever it says valid, zod must agree and produce the same
 * values (the service then skips zod). Everything it declines goes to zod, so its rejections need
 * not match — zod words them. Checked over boundaries, wrong types, extra, missing and explicit
 * undefined keys for every kind it covers.
 */
const odd: unknown[] = [
  undefined, null, true, false, '', '72', [], {}, NaN, Infinity, -Infinity, -1, 0, 0.5, 1, 2 ** 53, -0,
];

function probes(kind: ReadingKind): Record<string, unknown>[] {
  const schema = readingValueSchemas[kind] as unknown as { shape: Record<string, { unwrap?: () => unknown; minValue?: number; maxValue?: number }> };
  const keys = Object.keys(schema.shape);
  const numbers = new Set<unknown>(odd);
  for (const f of Object.values(schema.shape)) {
    const inner = (f.unwrap ? f.unwrap() : f) as { minValue?: number | null; maxValue?: number | null };
    for (const edge of [inner.minValue, inner.maxValue]) {
      if (typeof edge !== 'number' || !Number.isFinite(edge)) continue;
      for (const d of [-1, -0.5, -0.01, 0, 0.01, 0.5, 1]) numbers.add(edge + d);
    }
  }
  const values = [...numbers];
  const out: Record<string, unknown>[] = [{}];
  // Every field at every probe value, the others at a valid baseline found by search.
  const baseline: Record<string, unknown> = {};
  for (const key of keys) {
    const ok = values.find((x) => (readingValueSchemas[kind] as unknown as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape[key].safeParse(x).success && x !== undefined);
    if (ok !== undefined) baseline[key] = ok;
  }
  out.push({ ...baseline });
  for (const key of keys) {
    for (const x of values) out.push({ ...baseline, [key]: x });
    const without = { ...baseline };
    delete without[key];
    out.push(without);
  }
  out.push({ ...baseline, extra: 1 });
  for (const a of values) for (const b of values) if (keys.length >= 2) out.push({ ...baseline, [keys[0]]: a, [keys[1]]: b });
  return out;
}

describe('fast reading validator', () => {
  it('covers the hot kinds', () => {
    for (const kind of ['heartRate', 'bloodPressure', 'bloodOxygen', 'bodyTemperature', 'bed', 'space', 'battery', 'wearing', 'diaper'])
      expect(fastKinds).toContain(kind);
    // Nested values stay with zod.
    expect(fastKinds).not.toContain('sleep');
    expect(fastKinds).not.toContain('ecg');
  });

  it.each(fastKinds)('never accepts %s values zod refuses, and yields what zod yields', (kind) => {
    let accepted = 0;
    for (const v of probes(kind as ReadingKind)) {
      const zod = readingValueSchemas[kind as ReadingKind].safeParse(v);
      if (fastValues(kind, v)) {
        accepted++;
        expect(zod.success, JSON.stringify(v)).toBe(true);
        expect(zod.data).toEqual(v);
      }
    }
    expect(accepted).toBeGreaterThan(0);
  });

  it('never accepts an envelope zod refuses', () => {
    const good = { serial: 'B10-1', kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: 1_767_225_600, values: { value: 72 } };
    const variants: unknown[] = [good, null, [], 'x', { ...good, extra: 1 }, Object.assign(Object.create({ inherited: 1 }), good)];
    for (const key of Object.keys(good)) {
      for (const x of [...odd, 'x'.repeat(65), 'heartbeat', 999, 1.5, -5, new Date(), { a: 1 }]) variants.push({ ...good, [key]: x });
      const without: Record<string, unknown> = { ...good };
      delete without[key];
      variants.push(without);
    }
    let accepted = 0;
    for (const v of variants) {
      const fast = fastEnvelope(v);
      if (!fast) continue;
      accepted++;
      const zod = readingEnvelope.safeParse(v);
      expect(zod.success, JSON.stringify(v)).toBe(true);
      expect(zod.data).toEqual(fast);
    }
    expect(accepted).toBeGreaterThan(0);
  });

  it('leaves a refinement to zod: systolic must exceed diastolic', () => {
    expect(fastValues('bloodPressure', { sys: 120, dia: 80 })).toBe(true);
    expect(fastValues('bloodPressure', { sys: 80, dia: 80 })).toBe(false);
  });
});
