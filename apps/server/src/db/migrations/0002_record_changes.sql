CREATE TABLE "record_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"resource" varchar(100) NOT NULL,
	"record_id" integer NOT NULL,
	"member_id" integer,
	"action" varchar(10) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_changes" ADD CONSTRAINT "record_changes_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_changes" ADD CONSTRAINT "record_changes_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_changes" ADD CONSTRAINT "record_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_changes" ADD CONSTRAINT "record_changes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_changes_record_idx" ON "record_changes" USING btree ("resource","record_id","created_at");--> statement-breakpoint
CREATE INDEX "record_changes_member_idx" ON "record_changes" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "record_changes_org_idx" ON "record_changes" USING btree ("org_id","created_at");