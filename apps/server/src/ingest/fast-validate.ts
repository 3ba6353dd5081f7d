import { z } from 'zod';
import { DataSource } from '@vigil/contracts';
import { readingValueSchemas, type ReadingKind } from '@vigil/contracts/readings';
import { readingKindCode } from './kinds.ts';

/**
 * The ingestion hot path's validator: a plain-JavaScript check of the envelope and of the values of
 * every flat kind (numbers and booleans with bounds), compiled once from the zod schemas
 * themselves so the bounds cannot drift apart. It only ever *accepts*: anything it does not
 * recognise as valid — a bad value, an extra key, an explicit undefined, a kind with nested
 * values — goes to zod, which decides and words the rejection. So every rejection reason is zod's,
 * exactly as before; the fast path spares zod's per-reading object copies and issue machinery
 * for the readings that are fine, which is nearly all of them. `fast-validate.test.ts` checks that
 * it never accepts what zod refuses.
 */

export type Envelope = {
  serial: string;
  kind: ReadingKind;
  source: number;
  occur_time: number;
  values: Record<string, unknown>;
};

type Field = { key: string; bool: boolean; int: boolean; min: number; max: number; optional: boolean };
type Spec = { fields: Field[]; required: number; extra?: (v: Record<string, unknown>) => boolean };

const sources: ReadonlySet<number> = new Set(Object.values(DataSource) as number[]);
const kinds: ReadonlySet<string> = new Set(Object.keys(readingKindCode));

/**
 * Cross-field refinements zod runs after the shape, which introspection cannot see. A kind whose
 * schema has a refinement and no entry here gets no fast path.
 */
const refinements: Partial<Record<ReadingKind, (v: Record<string, unknown>) => boolean>> = {
  bloodPressure: (v) => (v.sys as number) > (v.dia as number),
};

function isPlain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A flat strict object of numbers and booleans becomes a field list; anything else has no fast path. */
function compile(kind: ReadingKind, schema: z.ZodType): Spec | null {
  if (!(schema instanceof z.ZodObject) || schema._zod.def.catchall?._zod.def.type !== 'never') return null;
  const checks = schema._zod.def.checks?.length ?? 0;
  const extra = refinements[kind];
  if (checks > 0 && (!extra || checks !== 1)) return null;
  const fields: Field[] = [];
  for (const [key, raw] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const optional = raw instanceof z.ZodOptional;
    const inner = (optional ? (raw as z.ZodOptional<z.ZodType>).unwrap() : raw) as z.ZodType;
    if (inner instanceof z.ZodBoolean) {
      fields.push({ key, bool: true, int: false, min: 0, max: 0, optional });
    } else if (inner instanceof z.ZodNumber) {
      fields.push({
        key,
        bool: false,
        int: inner.isInt,
        min: inner.minValue ?? -Infinity,
        max: inner.maxValue ?? Infinity,
        optional,
      });
    } else {
      return null;
    }
  }
  return { fields, required: fields.filter((f) => !f.optional).length, extra };
}

const specs = new Map<string, Spec>();
for (const kind of Object.keys(readingValueSchemas) as ReadingKind[]) {
  const spec = compile(kind, readingValueSchemas[kind]);
  if (spec) specs.set(kind, spec);
}

/** Kinds the fast path covers (the others always go through zod). */
export const fastKinds: readonly string[] = [...specs.keys()];

function countKeys(v: Record<string, unknown>): number {
  let n = 0;
  for (const key in v) if (Object.hasOwn(v, key)) n++;
  return n;
}

/** The envelope when it is certainly valid; null when zod must look at it. */
export function fastEnvelope(r: unknown): Envelope | null {
  if (!isPlain(r)) return null;
  const { serial, kind, source, occur_time, values } = r;
  if (typeof serial !== 'string' || serial.length < 1 || serial.length > 64 || /\p{Cc}/u.test(serial)) return null;
  if (typeof kind !== 'string' || !kinds.has(kind)) return null;
  if (typeof source !== 'number' || !Number.isSafeInteger(source) || !sources.has(source)) return null;
  if (typeof occur_time !== 'number' || !Number.isSafeInteger(occur_time) || occur_time < 0) return null;
  if (!isPlain(values) || countKeys(r) !== 5) return null;
  return r as Envelope;
}

/** Whether a kind's values are certainly valid; false when zod must look at them. */
export function fastValues(kind: string, v: Record<string, unknown>): boolean {
  const spec = specs.get(kind);
  if (!spec) return false;
  let present = 0;
  for (const f of spec.fields) {
    const x = v[f.key];
    if (x === undefined) {
      // An explicit undefined is zod's to judge; a missing optional field is fine.
      if (!f.optional || Object.hasOwn(v, f.key)) return false;
      continue;
    }
    if (f.bool) {
      if (typeof x !== 'boolean') return false;
    } else if (
      typeof x !== 'number' ||
      !Number.isFinite(x) ||
      x < f.min ||
      x > f.max ||
      (f.int && !Number.isSafeInteger(x))
    ) {
      return false;
    }
    present++;
  }
  if (present < spec.required || countKeys(v) !== present) return false;
  return spec.extra ? spec.extra(v) : true;
}
