CREATE TABLE "abnormal_snoozes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"staff_name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "abnormal_events" ADD COLUMN "repeat_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "abnormal_events" ADD COLUMN "last_occur_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "abnormal_events" ADD COLUMN "acknowledged_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "abnormal_events" ADD COLUMN "acknowledged_by" integer;--> statement-breakpoint
ALTER TABLE "abnormal_events" ADD COLUMN "acknowledged_by_name" varchar(100);--> statement-breakpoint
ALTER TABLE "abnormal_events" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "abnormal_handles" ADD COLUMN "no_action" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "abnormal_snoozes" ADD CONSTRAINT "abnormal_snoozes_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_snoozes" ADD CONSTRAINT "abnormal_snoozes_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_snoozes" ADD CONSTRAINT "abnormal_snoozes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_snoozes" ADD CONSTRAINT "abnormal_snoozes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "abnormal_snoozes_member_type_uq" ON "abnormal_snoozes" USING btree ("member_id","type");--> statement-breakpoint
CREATE INDEX "abnormal_snoozes_org_idx" ON "abnormal_snoozes" USING btree ("org_id","until");--> statement-breakpoint
ALTER TABLE "abnormal_events" ADD CONSTRAINT "abnormal_events_acknowledged_by_staff_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;