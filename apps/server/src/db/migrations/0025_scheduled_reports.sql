CREATE TABLE "report_schedules" (
	"org_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"enabled" boolean NOT NULL,
	"recipients" jsonb NOT NULL,
	"lang" varchar(8) NOT NULL,
	"hour" smallint NOT NULL,
	"utc_offset" smallint NOT NULL,
	"keep_days" smallint NOT NULL,
	"requester" jsonb NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_org_id_kind_pk" PRIMARY KEY("org_id","kind")
);
--> statement-breakpoint
CREATE TABLE "scheduled_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_name" text,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" varchar(10) DEFAULT 'making' NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"content_type" text DEFAULT '' NOT NULL,
	"content" "bytea",
	"size" integer DEFAULT 0 NOT NULL,
	"mailed" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD CONSTRAINT "scheduled_reports_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_reports_claim" ON "scheduled_reports" USING btree ("org_id","kind","subject_id","period_start");--> statement-breakpoint
CREATE INDEX "scheduled_reports_org_created" ON "scheduled_reports" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "scheduled_reports_expires" ON "scheduled_reports" USING btree ("expires_at");