CREATE TABLE "handover_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"handover_id" integer NOT NULL,
	"member_id" integer,
	"content" text NOT NULL,
	"owner_id" integer NOT NULL,
	"due_time" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"carried_from_id" integer
);
--> statement-breakpoint
CREATE TABLE "handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"situation" text,
	"synthesis" text,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"snapshot" jsonb,
	"created_by" integer NOT NULL,
	"signed_by" integer,
	"signed_at" timestamp with time zone,
	"accepted_by" integer,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "handover_actions" ADD CONSTRAINT "handover_actions_handover_id_handovers_id_fk" FOREIGN KEY ("handover_id") REFERENCES "public"."handovers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_actions" ADD CONSTRAINT "handover_actions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_actions" ADD CONSTRAINT "handover_actions_owner_id_staff_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_actions" ADD CONSTRAINT "handover_actions_done_by_staff_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_actions" ADD CONSTRAINT "handover_actions_carried_from_id_handover_actions_id_fk" FOREIGN KEY ("carried_from_id") REFERENCES "public"."handover_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_signed_by_staff_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_accepted_by_staff_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handover_actions_handover_idx" ON "handover_actions" USING btree ("handover_id");--> statement-breakpoint
CREATE INDEX "handovers_area_idx" ON "handovers" USING btree ("area_id","period_end");--> statement-breakpoint
CREATE INDEX "handovers_org_idx" ON "handovers" USING btree ("org_id","period_end");