import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, ts } from './columns.ts';
import { orgs } from './organisation.ts';

/**
 * Every device reading in one narrow table: the 17 physiological kinds (sleep and ECG included,
 * their extra shape in `data`) and device events (SOS, fall, battery, wearing, bed, space, air).
 * One table keeps ingestion to one multi-row INSERT per batch; docs/ingest.md has the measurements.
 * No foreign keys: a check per row would halve the insert rate, and devices and members are never
 * hard-deleted.
 *
 * Partitioned on both engines (docs/data-model.md#readings): by list of kind (each hot vital kind
 * its own partition, the rest in one), then by month of occur_time, with a default partition at
 * each level so no reading is refused. drizzle cannot express partitions: migration
 * 0018_readings_partitioned holds them by hand and `db/partitions.ts` makes the months; this
 * declaration keeps the columns, keys and indexes drizzle compares. The primary key carries both
 * partition keys, as PostgreSQL requires of a unique key on a partitioned table.
 */
export const readings = pgTable(
  'readings',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    orgId: integer('org_id').notNull(),
    /** The member the device was bound to at occur_time; null for room devices and unbound devices. */
    memberId: integer('member_id'),
    areaId: integer('area_id'),
    deviceId: integer('device_id').notNull(),
    /** Reading kind code (server `ingest/kinds.ts`). */
    kind: smallint('kind').notNull(),
    /** SPEC §3 data-source code 0–55: the record's `type`. */
    source: smallint('source').notNull(),
    occurTime: ts('occur_time').notNull(),
    /** Main value (heart rate, SpO2, °C, systolic, mg/dL, sleep minutes, …). */
    value: real('value'),
    /** Second value where a kind has one (diastolic). */
    value2: real('value2'),
    /** Kind-specific extras (SPEC §3 `data`, sleep segments, ECG samples, event details). */
    data: jsonb('data').$type<Record<string, unknown>>(),
    remark: text('remark'),
    ...auditColumns,
  },
  (t) => [
    primaryKey({ name: 'readings_pkey', columns: [t.id, t.kind, t.occurTime] }),
    // Idempotency: a re-sent reading hits this key and is acknowledged as a duplicate.
    uniqueIndex('readings_device_kind_time_uq').on(t.deviceId, t.kind, t.occurTime),
    // Every console query is "one member, one kind, a time range". The key runs on to id (the
    // lists' tie-break, so pages need no sort) and carries what a chart and the tenant scope read
    // (source, value, org, area): a week of one-minute heart rate is then an index-only scan, not
    // ~5,000 heap pages of interleaved members (docs/charts.md).
    index('readings_member_chart_idx').on(
      t.memberId,
      t.kind,
      t.occurTime,
      t.id,
      t.source,
      t.value,
      t.orgId,
      t.areaId,
    ),
  ],
);

/**
 * Hourly rollups of members' readings, one row per member, kind, source, hour and tenant scope
 * (organisation and area as stored on the readings). A job adds readings to them in id order
 * behind a watermark (`reading_rollup_progress`), off the ingest path, so storing readings costs
 * no more than before; a re-sent reading is never stored, so never counted twice, and a late one
 * lands in its own hour. A deleted reading's hour is recomputed. Charts longer than a week read
 * these instead of every reading (docs/charts.md). SPEC §9's "zero is missing" holds: `count`,
 * `sum`, min and max cover the non-zero values only; `n` counts every reading.
 */
export const readingRollups = pgTable(
  'reading_rollups',
  {
    memberId: integer('member_id').notNull(),
    kind: smallint('kind').notNull(),
    source: smallint('source').notNull(),
    orgId: integer('org_id').notNull(),
    areaId: integer('area_id'),
    /** Start of the hour. */
    bucket: ts('bucket').notNull(),
    /** Every reading of the hour (the chart's `total`). */
    n: integer('n').notNull(),
    /** Readings with a real (non-zero) value, and their sum: the average is sum / count. */
    count: integer('count').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: real('min'),
    /** When the lowest value was read (the earliest, on a tie): the chart draws it there. */
    minTime: ts('min_time'),
    max: real('max'),
    maxTime: ts('max_time'),
  },
  (t) => [
    // The upsert's conflict target and the chart's range scan (member, kind, hour). A reading with
    // no area still has one row per hour: nulls are not distinct here.
    unique('reading_rollups_key').on(t.memberId, t.kind, t.bucket, t.source, t.orgId, t.areaId).nullsNotDistinct(),
    // The retention job's range (an organisation's hours before its cutoff): rollups are added
    // in time order, so a BRIN of a few pages finds them without a scan of every member's rows.
    index('reading_rollups_bucket_brin').using('brin', t.bucket),
  ],
);

/** How far the rollup job has read the readings: every reading with a smaller or equal id is in the rollups. */
export const readingRollupProgress = pgTable('reading_rollup_progress', {
  /** Always 1: one row, locked by the job so two instances never add the same readings twice. */
  id: smallint('id').primaryKey(),
  lastReadingId: bigint('last_reading_id', { mode: 'number' }).notNull(),
});

/** A gateway (hub, station) that may send readings for any device of its organisation. */
export const gateways = pgTable(
  'gateways',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id),
    name: varchar('name', { length: 100 }).notNull(),
    /** SHA-256 of the gateway key, as for devices. */
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastSeenAt: ts('last_seen_at'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('gateways_key_hash_uq').on(t.keyHash), index('gateways_org_idx').on(t.orgId)],
);
