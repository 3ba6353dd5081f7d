CREATE TABLE "care_diets" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"meal" smallint NOT NULL,
	"meal_at" timestamp with time zone NOT NULL,
	"texture" smallint NOT NULL,
	"served" varchar(200) NOT NULL,
	"eaten" smallint NOT NULL,
	"fluid_ml" integer NOT NULL,
	"appetite" smallint NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"state" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"title" varchar(100) NOT NULL,
	"report_date" timestamp with time zone NOT NULL,
	"hospital" varchar(100),
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_stethoscopes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"mode" smallint NOT NULL,
	"organ" smallint NOT NULL,
	"position" smallint NOT NULL,
	"audio" varchar(120) NOT NULL,
	"findings" text,
	"recorder_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_symptoms" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"assessed_at" timestamp with time zone NOT NULL,
	"tool" smallint NOT NULL,
	"painad" jsonb,
	"sites" jsonb NOT NULL,
	"score" smallint,
	"onset_at" timestamp with time zone,
	"notes" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reassess_at" timestamp with time zone,
	"state" smallint DEFAULT 1 NOT NULL,
	"assessor_id" integer,
	"abnormal_id" integer,
	"alert_claimed_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"diagnosis" varchar(200) NOT NULL,
	"icd_code" varchar(10),
	"hospital" varchar(100) NOT NULL,
	"department" smallint NOT NULL,
	"doctor" varchar(50),
	"diagnosed_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"medications" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opd_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"period" smallint NOT NULL,
	"department" smallint NOT NULL,
	"doctor" varchar(50) NOT NULL,
	"visit_date" timestamp with time zone NOT NULL,
	"number" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_handles" ALTER COLUMN "item_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "care_handles" ADD COLUMN "score" smallint;--> statement-breakpoint
ALTER TABLE "care_handles" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "care_diets" ADD CONSTRAINT "care_diets_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_diets" ADD CONSTRAINT "care_diets_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_diets" ADD CONSTRAINT "care_diets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_reports" ADD CONSTRAINT "care_reports_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_reports" ADD CONSTRAINT "care_reports_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_reports" ADD CONSTRAINT "care_reports_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_stethoscopes" ADD CONSTRAINT "care_stethoscopes_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_stethoscopes" ADD CONSTRAINT "care_stethoscopes_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_stethoscopes" ADD CONSTRAINT "care_stethoscopes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_stethoscopes" ADD CONSTRAINT "care_stethoscopes_recorder_id_staff_id_fk" FOREIGN KEY ("recorder_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_symptoms" ADD CONSTRAINT "care_symptoms_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_symptoms" ADD CONSTRAINT "care_symptoms_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_symptoms" ADD CONSTRAINT "care_symptoms_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_symptoms" ADD CONSTRAINT "care_symptoms_assessor_id_staff_id_fk" FOREIGN KEY ("assessor_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_symptoms" ADD CONSTRAINT "care_symptoms_abnormal_id_abnormal_events_id_fk" FOREIGN KEY ("abnormal_id") REFERENCES "public"."abnormal_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opd_visits" ADD CONSTRAINT "opd_visits_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opd_visits" ADD CONSTRAINT "opd_visits_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opd_visits" ADD CONSTRAINT "opd_visits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_diets_member_idx" ON "care_diets" USING btree ("member_id","meal_at");--> statement-breakpoint
CREATE INDEX "care_diets_due_idx" ON "care_diets" USING btree ("org_id","state","meal_at");--> statement-breakpoint
CREATE INDEX "care_reports_member_idx" ON "care_reports" USING btree ("member_id","report_date");--> statement-breakpoint
CREATE INDEX "care_stethoscopes_member_idx" ON "care_stethoscopes" USING btree ("member_id","recorded_at");--> statement-breakpoint
CREATE INDEX "care_symptoms_member_idx" ON "care_symptoms" USING btree ("member_id","assessed_at");--> statement-breakpoint
CREATE INDEX "care_symptoms_due_idx" ON "care_symptoms" USING btree ("org_id","state","reassess_at");--> statement-breakpoint
CREATE INDEX "medical_records_member_idx" ON "medical_records" USING btree ("member_id","diagnosed_at");--> statement-breakpoint
CREATE INDEX "medical_records_due_idx" ON "medical_records" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX "opd_visits_member_idx" ON "opd_visits" USING btree ("member_id","visit_date");--> statement-breakpoint
CREATE INDEX "opd_visits_org_idx" ON "opd_visits" USING btree ("org_id","visit_date");