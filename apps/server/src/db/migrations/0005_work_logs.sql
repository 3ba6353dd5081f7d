CREATE TABLE "work_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"staff_id" integer NOT NULL,
	"shift_date" timestamp with time zone NOT NULL,
	"shift" smallint NOT NULL,
	"summary" text,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_logs_org_date_idx" ON "work_logs" USING btree ("org_id","shift_date");--> statement-breakpoint
CREATE INDEX "work_logs_staff_idx" ON "work_logs" USING btree ("staff_id","shift_date");--> statement-breakpoint
CREATE INDEX "work_logs_entries_idx" ON "work_logs" USING gin ("entries");