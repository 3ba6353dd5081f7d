CREATE TABLE "care_balance_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"balance_id" integer NOT NULL,
	"package_id" integer,
	"handle_id" integer,
	"kind" smallint NOT NULL,
	"delta" double precision NOT NULL,
	"balance" double precision NOT NULL,
	"staff_id" integer NOT NULL,
	"witness_id" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"medicine_id" integer NOT NULL,
	"balance" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_educations" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"educate_at" timestamp with time zone NOT NULL,
	"topic" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"recipient" smallint NOT NULL,
	"method" smallint NOT NULL,
	"understanding" smallint NOT NULL,
	"educator_id" integer NOT NULL,
	"review_at" timestamp with time zone NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"abnormal_id" integer,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"hospital" varchar(100) NOT NULL,
	"department" smallint NOT NULL,
	"doctor" varchar(50),
	"appointment_at" timestamp with time zone NOT NULL,
	"appointment_no" varchar(20),
	"reason" text NOT NULL,
	"transport" smallint NOT NULL,
	"companion" smallint NOT NULL,
	"companion_name" varchar(50),
	"bring_items" varchar(200),
	"result" text,
	"next_appointment_at" timestamp with time zone,
	"state" smallint DEFAULT 0 NOT NULL,
	"abnormal_id" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_handles" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"item_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"content" text NOT NULL,
	"staff_id" integer NOT NULL,
	"handle_time" timestamp with time zone DEFAULT now() NOT NULL,
	"remark" text,
	"outcome" smallint,
	"reason" smallint,
	"reason_text" varchar(200),
	"given_at" timestamp with time zone,
	"amount" double precision,
	"witness_id" integer,
	"override_reason" varchar(200),
	"effect_due_at" timestamp with time zone,
	"effect" smallint,
	"effect_at" timestamp with time zone,
	"entered_in_error" boolean DEFAULT false NOT NULL,
	"error_reason" varchar(200),
	"error_by" integer,
	"error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "care_package_doses" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"scheduled_at" timestamp with time zone,
	"state" smallint DEFAULT 0 NOT NULL,
	"alert_claimed_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"medicine_id" integer NOT NULL,
	"medication_type" smallint NOT NULL,
	"prescription_type" smallint NOT NULL,
	"frequency" smallint NOT NULL,
	"dose" double precision NOT NULL,
	"route" smallint NOT NULL,
	"daily_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"time_critical" boolean DEFAULT false NOT NULL,
	"prn_min_interval_minutes" smallint,
	"prn_max_per_24h" smallint,
	"prn_indication" varchar(200),
	"pharmacy_org_id" integer,
	"pharmacy_name" varchar(100),
	"prescriber" varchar(50),
	"hospital" varchar(100),
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_schedule_occurrences" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"done" boolean
);
--> statement-breakpoint
CREATE TABLE "care_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"service" smallint NOT NULL,
	"title" varchar(100) NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"time_of_day" smallint NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"repeat" smallint NOT NULL,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"staff_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medicines" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"generic_name" varchar(100),
	"strength" varchar(50),
	"form" smallint NOT NULL,
	"unit" varchar(20) NOT NULL,
	"medication_type" smallint NOT NULL,
	"controlled_level" smallint DEFAULT 0 NOT NULL,
	"time_critical" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_balance_ledger" ADD CONSTRAINT "care_balance_ledger_balance_id_care_balances_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."care_balances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_balance_ledger" ADD CONSTRAINT "care_balance_ledger_package_id_care_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."care_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_balance_ledger" ADD CONSTRAINT "care_balance_ledger_handle_id_care_handles_id_fk" FOREIGN KEY ("handle_id") REFERENCES "public"."care_handles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_balance_ledger" ADD CONSTRAINT "care_balance_ledger_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_balance_ledger" ADD CONSTRAINT "care_balance_ledger_witness_id_staff_id_fk" FOREIGN KEY ("witness_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_balances" ADD CONSTRAINT "care_balances_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_balances" ADD CONSTRAINT "care_balances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_balances" ADD CONSTRAINT "care_balances_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_educations" ADD CONSTRAINT "care_educations_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_educations" ADD CONSTRAINT "care_educations_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_educations" ADD CONSTRAINT "care_educations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_educations" ADD CONSTRAINT "care_educations_educator_id_staff_id_fk" FOREIGN KEY ("educator_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_educations" ADD CONSTRAINT "care_educations_abnormal_id_abnormal_events_id_fk" FOREIGN KEY ("abnormal_id") REFERENCES "public"."abnormal_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_follow_ups" ADD CONSTRAINT "care_follow_ups_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_follow_ups" ADD CONSTRAINT "care_follow_ups_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_follow_ups" ADD CONSTRAINT "care_follow_ups_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_follow_ups" ADD CONSTRAINT "care_follow_ups_abnormal_id_abnormal_events_id_fk" FOREIGN KEY ("abnormal_id") REFERENCES "public"."abnormal_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_handles" ADD CONSTRAINT "care_handles_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_handles" ADD CONSTRAINT "care_handles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_handles" ADD CONSTRAINT "care_handles_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_handles" ADD CONSTRAINT "care_handles_witness_id_staff_id_fk" FOREIGN KEY ("witness_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_handles" ADD CONSTRAINT "care_handles_error_by_staff_id_fk" FOREIGN KEY ("error_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_package_doses" ADD CONSTRAINT "care_package_doses_package_id_care_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."care_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_package_doses" ADD CONSTRAINT "care_package_doses_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_package_doses" ADD CONSTRAINT "care_package_doses_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_package_doses" ADD CONSTRAINT "care_package_doses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_packages" ADD CONSTRAINT "care_packages_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_packages" ADD CONSTRAINT "care_packages_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_packages" ADD CONSTRAINT "care_packages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_packages" ADD CONSTRAINT "care_packages_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_packages" ADD CONSTRAINT "care_packages_pharmacy_org_id_orgs_id_fk" FOREIGN KEY ("pharmacy_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_schedule_occurrences" ADD CONSTRAINT "care_schedule_occurrences_schedule_id_care_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."care_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_schedule_occurrences" ADD CONSTRAINT "care_schedule_occurrences_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_schedule_occurrences" ADD CONSTRAINT "care_schedule_occurrences_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_schedule_occurrences" ADD CONSTRAINT "care_schedule_occurrences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_schedules" ADD CONSTRAINT "care_schedules_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_schedules" ADD CONSTRAINT "care_schedules_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_schedules" ADD CONSTRAINT "care_schedules_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_schedules" ADD CONSTRAINT "care_schedules_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_balance_ledger_balance_idx" ON "care_balance_ledger" USING btree ("balance_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "care_balances_uq" ON "care_balances" USING btree ("member_id","medicine_id");--> statement-breakpoint
CREATE INDEX "care_educations_member_idx" ON "care_educations" USING btree ("member_id","educate_at");--> statement-breakpoint
CREATE INDEX "care_educations_due_idx" ON "care_educations" USING btree ("org_id","state","review_at");--> statement-breakpoint
CREATE INDEX "care_follow_ups_member_idx" ON "care_follow_ups" USING btree ("member_id","appointment_at");--> statement-breakpoint
CREATE INDEX "care_follow_ups_due_idx" ON "care_follow_ups" USING btree ("org_id","state","appointment_at");--> statement-breakpoint
CREATE INDEX "care_handles_item_idx" ON "care_handles" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "care_handles_member_idx" ON "care_handles" USING btree ("member_id","handle_time");--> statement-breakpoint
CREATE UNIQUE INDEX "care_package_doses_uq" ON "care_package_doses" USING btree ("package_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "care_package_doses_due_idx" ON "care_package_doses" USING btree ("org_id","state","scheduled_at");--> statement-breakpoint
CREATE INDEX "care_package_doses_late_idx" ON "care_package_doses" USING btree ("scheduled_at") WHERE "care_package_doses"."state" = 0 and "care_package_doses"."alerted_at" is null and "care_package_doses"."scheduled_at" is not null;--> statement-breakpoint
CREATE INDEX "care_packages_member_idx" ON "care_packages" USING btree ("member_id","medicine_id");--> statement-breakpoint
CREATE UNIQUE INDEX "care_schedule_occurrences_uq" ON "care_schedule_occurrences" USING btree ("schedule_id","due_at");--> statement-breakpoint
CREATE INDEX "care_schedule_occurrences_due_idx" ON "care_schedule_occurrences" USING btree ("org_id","state","due_at");--> statement-breakpoint
CREATE INDEX "care_schedules_member_idx" ON "care_schedules" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "medicines_org_idx" ON "medicines" USING btree ("org_id","name");