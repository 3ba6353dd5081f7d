CREATE TABLE "reading_rollup_progress" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_reading_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_rollups" (
	"member_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"source" smallint NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" real,
	"min_time" timestamp with time zone,
	"max" real,
	"max_time" timestamp with time zone,
	CONSTRAINT "reading_rollups_key" UNIQUE NULLS NOT DISTINCT("member_id","kind","bucket","source","org_id","area_id")
);
