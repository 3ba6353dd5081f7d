CREATE TABLE "list_export_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"requester" jsonb NOT NULL,
	"path" varchar(100) NOT NULL,
	"format" varchar(4) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"filters" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_export_parts" (
	"job_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "list_export_parts_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "list_export_jobs" ADD CONSTRAINT "list_export_jobs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_export_jobs" ADD CONSTRAINT "list_export_jobs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_export_parts" ADD CONSTRAINT "list_export_parts_job_id_list_export_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."list_export_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_export_jobs_staff_idx" ON "list_export_jobs" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "list_export_jobs_status_idx" ON "list_export_jobs" USING btree ("status");