CREATE TABLE "org_retention" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"raw_vitals_months" smallint,
	"rollup_months" smallint,
	"raw_vitals_purged_before" timestamp with time zone,
	"rollup_purged_before" timestamp with time zone,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- HAND-WRITTEN (drizzle cannot express partitions; drizzle-kit generated only the primary key
-- change, replaced here): converts `readings` in place into the partitioned layout of
-- docs/data-model.md#readings, on PostgreSQL and PGlite alike. The table is renamed aside, the
-- partitioned table made with the same columns, a partition per month that has readings (and
-- this month and the next two) made, every row copied with its id, the keys and indexes built
-- once over the copied rows, the identity sequence carried on, and the old table dropped. The
-- migration runs in one transaction: a failure leaves the old table as it was. On a year of
-- one-minute heart rate for 40 members (21 M rows) it takes minutes: run it in a maintenance window.
ALTER TABLE "readings" RENAME TO "readings_unpartitioned";--> statement-breakpoint
ALTER TABLE "readings_unpartitioned" RENAME CONSTRAINT "readings_pkey" TO "readings_unpartitioned_pkey";--> statement-breakpoint
ALTER INDEX "readings_device_kind_time_uq" RENAME TO "readings_unpartitioned_device_kind_time_uq";--> statement-breakpoint
ALTER INDEX "readings_member_chart_idx" RENAME TO "readings_unpartitioned_member_chart_idx";--> statement-breakpoint
ALTER SEQUENCE "readings_id_seq" RENAME TO "readings_unpartitioned_id_seq";--> statement-breakpoint
CREATE TABLE "readings" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1) NOT NULL,
	"org_id" integer NOT NULL,
	"member_id" integer,
	"area_id" integer,
	"device_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"source" smallint NOT NULL,
	"occur_time" timestamp with time zone NOT NULL,
	"value" real,
	"value2" real,
	"data" jsonb,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY LIST ("kind");--> statement-breakpoint
-- The hot vital kinds (storage codes of ingest/kinds.ts: heart rate 0, blood oxygen 2, body
-- temperature 3) each in their own table, the retention job's to drop months of; every other kind
-- (spot clinical readings, sleep, ECG, device events) in readings_other, never dropped.
CREATE TABLE "readings_heart_rate" PARTITION OF "readings" FOR VALUES IN (0) PARTITION BY RANGE ("occur_time");--> statement-breakpoint
CREATE TABLE "readings_blood_oxygen" PARTITION OF "readings" FOR VALUES IN (2) PARTITION BY RANGE ("occur_time");--> statement-breakpoint
CREATE TABLE "readings_body_temperature" PARTITION OF "readings" FOR VALUES IN (3) PARTITION BY RANGE ("occur_time");--> statement-breakpoint
CREATE TABLE "readings_other" PARTITION OF "readings" DEFAULT PARTITION BY RANGE ("occur_time");--> statement-breakpoint
-- A reading for a month with no partition yet lands in its table's default partition; the daily
-- partition job (db/partitions.ts) makes that month and moves it there.
CREATE TABLE "readings_heart_rate_default" PARTITION OF "readings_heart_rate" DEFAULT;--> statement-breakpoint
CREATE TABLE "readings_blood_oxygen_default" PARTITION OF "readings_blood_oxygen" DEFAULT;--> statement-breakpoint
CREATE TABLE "readings_body_temperature_default" PARTITION OF "readings_body_temperature" DEFAULT;--> statement-breakpoint
CREATE TABLE "readings_other_default" PARTITION OF "readings_other" DEFAULT;--> statement-breakpoint
-- One partition per month that holds readings, and this month and the two after it (named as
-- partitionName() in db/partitions.ts names them: <table>_y2026m03).
DO $$
DECLARE
	m record;
BEGIN
	FOR m IN
		SELECT DISTINCT t.name, t.month
		FROM (
			SELECT CASE r.kind WHEN 0 THEN 'readings_heart_rate' WHEN 2 THEN 'readings_blood_oxygen' WHEN 3 THEN 'readings_body_temperature' ELSE 'readings_other' END AS name,
				date_trunc('month', r.occur_time, 'UTC') AS month
			FROM (SELECT DISTINCT kind, date_trunc('month', occur_time, 'UTC') AS occur_time FROM "readings_unpartitioned") r
			UNION
			SELECT k.name, date_trunc('month', now(), 'UTC') + make_interval(months => a)
			FROM unnest(ARRAY['readings_heart_rate', 'readings_blood_oxygen', 'readings_body_temperature', 'readings_other']) AS k(name), generate_series(0, 2) AS a
		) t
	LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
			m.name || to_char(m.month AT TIME ZONE 'UTC', '"_y"YYYY"m"MM'), m.name,
			m.month, m.month + interval '1 month');
	END LOOP;
END
$$;--> statement-breakpoint
INSERT INTO "readings" OVERRIDING SYSTEM VALUE SELECT * FROM "readings_unpartitioned";--> statement-breakpoint
SELECT setval('"readings_id_seq"', greatest((SELECT max("id") FROM "readings_unpartitioned"), 1), (SELECT max("id") FROM "readings_unpartitioned") IS NOT NULL);--> statement-breakpoint
DROP TABLE "readings_unpartitioned";--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_pkey" PRIMARY KEY("id","kind","occur_time");--> statement-breakpoint
CREATE UNIQUE INDEX "readings_device_kind_time_uq" ON "readings" USING btree ("device_id","kind","occur_time");--> statement-breakpoint
CREATE INDEX "readings_member_chart_idx" ON "readings" USING btree ("member_id","kind","occur_time","id","source","value","org_id","area_id");--> statement-breakpoint
ALTER TABLE "org_retention" ADD CONSTRAINT "org_retention_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_retention" ADD CONSTRAINT "org_retention_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_rollups_bucket_brin" ON "reading_rollups" USING brin ("bucket");