CREATE TABLE "api_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"remark" text,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_features" (
	"org_id" integer NOT NULL,
	"feature" varchar(60) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_features_org_id_feature_pk" PRIMARY KEY("org_id","feature")
);
--> statement-breakpoint
CREATE TABLE "org_relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"related_org_id" integer NOT NULL,
	"grants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orgs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" smallint NOT NULL,
	"is_guard" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"phone" varchar(30),
	"address" varchar(200),
	"escalation_minutes" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orgs_type_ck" CHECK ("orgs"."type" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" smallint PRIMARY KEY NOT NULL,
	"api_group_id" integer NOT NULL,
	"sidebar" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"role" smallint NOT NULL,
	"account" varchar(20) NOT NULL,
	"password_hash" text NOT NULL,
	"name" varchar(100) NOT NULL,
	"phone" varchar(30),
	"email" varchar(120),
	"headshot" varchar(120),
	"enabled" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_change_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temp_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"role" smallint NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"granted_by" integer,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_state_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"previous_state" smallint,
	"state" smallint NOT NULL,
	"remark" text,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_change_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_standards" (
	"member_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"min" real NOT NULL,
	"max" real NOT NULL,
	"over_max" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_standards_member_id_kind_pk" PRIMARY KEY("member_id","kind")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"name" varchar(100) NOT NULL,
	"gender" smallint,
	"birthday" date,
	"id_number" varchar(20),
	"phone" varchar(30),
	"room" varchar(30),
	"bed" varchar(30),
	"medical_state" smallint DEFAULT 8 NOT NULL,
	"emergency_contact" varchar(100),
	"emergency_phone" varchar(30),
	"enabled" boolean DEFAULT true NOT NULL,
	"is_follow" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_standards" (
	"org_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"min" real NOT NULL,
	"max" real NOT NULL,
	"over_max" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_standards_org_id_kind_pk" PRIMARY KEY("org_id","kind")
);
--> statement-breakpoint
CREATE TABLE "device_bindings" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"member_id" integer,
	"area_id" integer,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unbound_at" timestamp with time zone,
	"bound_by" integer,
	"unbound_by" integer,
	"remark" text,
	CONSTRAINT "device_bindings_target_ck" CHECK ("device_bindings"."member_id" is not null or "device_bindings"."area_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"type" smallint NOT NULL,
	"serial" varchar(64) NOT NULL,
	"name" varchar(100),
	"model" varchar(60),
	"key_hash" varchar(64),
	"enabled" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateways_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
);
--> statement-breakpoint
CREATE TABLE "abnormal_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer,
	"device_id" integer,
	"binding_id" integer,
	"type" smallint NOT NULL,
	"category" smallint NOT NULL,
	"occur_time" timestamp with time zone NOT NULL,
	"detail" jsonb,
	"is_handle" boolean DEFAULT false NOT NULL,
	"is_follow" boolean DEFAULT false NOT NULL,
	"follow_by" integer,
	"follow_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"recovered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abnormal_handles" (
	"id" serial PRIMARY KEY NOT NULL,
	"abnormal_id" integer NOT NULL,
	"content" text NOT NULL,
	"remark" text,
	"staff_id" integer,
	"staff_name" varchar(100) NOT NULL,
	"handle_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_features" ADD CONSTRAINT "org_features_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_relations" ADD CONSTRAINT "org_relations_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_relations" ADD CONSTRAINT "org_relations_related_org_id_orgs_id_fk" FOREIGN KEY ("related_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_api_group_id_api_groups_id_fk" FOREIGN KEY ("api_group_id") REFERENCES "public"."api_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_roles_id_fk" FOREIGN KEY ("role") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_change_logs" ADD CONSTRAINT "staff_change_logs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_change_logs" ADD CONSTRAINT "staff_change_logs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_change_logs" ADD CONSTRAINT "staff_change_logs_operator_id_staff_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_roles" ADD CONSTRAINT "temp_roles_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_roles" ADD CONSTRAINT "temp_roles_role_roles_id_fk" FOREIGN KEY ("role") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_roles" ADD CONSTRAINT "temp_roles_granted_by_staff_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_state_logs" ADD CONSTRAINT "medical_state_logs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_state_logs" ADD CONSTRAINT "medical_state_logs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_state_logs" ADD CONSTRAINT "medical_state_logs_operator_id_staff_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_change_logs" ADD CONSTRAINT "member_change_logs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_change_logs" ADD CONSTRAINT "member_change_logs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_change_logs" ADD CONSTRAINT "member_change_logs_operator_id_staff_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_standards" ADD CONSTRAINT "member_standards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_standards" ADD CONSTRAINT "org_standards_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_bound_by_staff_id_fk" FOREIGN KEY ("bound_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_unbound_by_staff_id_fk" FOREIGN KEY ("unbound_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_events" ADD CONSTRAINT "abnormal_events_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_events" ADD CONSTRAINT "abnormal_events_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_events" ADD CONSTRAINT "abnormal_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_events" ADD CONSTRAINT "abnormal_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_events" ADD CONSTRAINT "abnormal_events_binding_id_device_bindings_id_fk" FOREIGN KEY ("binding_id") REFERENCES "public"."device_bindings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_events" ADD CONSTRAINT "abnormal_events_follow_by_staff_id_fk" FOREIGN KEY ("follow_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_handles" ADD CONSTRAINT "abnormal_handles_abnormal_id_abnormal_events_id_fk" FOREIGN KEY ("abnormal_id") REFERENCES "public"."abnormal_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_handles" ADD CONSTRAINT "abnormal_handles_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_groups_name_uq" ON "api_groups" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_org_name_uq" ON "areas" USING btree ("org_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "org_relations_pair_uq" ON "org_relations" USING btree ("org_id","related_org_id");--> statement-breakpoint
CREATE INDEX "org_relations_related_idx" ON "org_relations" USING btree ("related_org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orgs_name_uq" ON "orgs" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sessions_staff_idx" ON "sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_account_uq" ON "staff" USING btree (lower("account"));--> statement-breakpoint
CREATE INDEX "staff_org_idx" ON "staff" USING btree ("org_id","area_id");--> statement-breakpoint
CREATE INDEX "staff_change_logs_org_idx" ON "staff_change_logs" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "temp_roles_staff_idx" ON "temp_roles" USING btree ("staff_id","expires_at");--> statement-breakpoint
CREATE INDEX "medical_state_logs_member_idx" ON "medical_state_logs" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "medical_state_logs_org_idx" ON "medical_state_logs" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "member_change_logs_org_idx" ON "member_change_logs" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "member_change_logs_member_idx" ON "member_change_logs" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "members_org_area_idx" ON "members" USING btree ("org_id","area_id");--> statement-breakpoint
CREATE INDEX "members_name_idx" ON "members" USING btree ("org_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "members_org_id_number_uq" ON "members" USING btree ("org_id","id_number") WHERE "members"."id_number" is not null;--> statement-breakpoint
CREATE INDEX "device_bindings_device_idx" ON "device_bindings" USING btree ("device_id","bound_at");--> statement-breakpoint
CREATE INDEX "device_bindings_member_idx" ON "device_bindings" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_bindings_open_uq" ON "device_bindings" USING btree ("device_id") WHERE "device_bindings"."unbound_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_serial_uq" ON "devices" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "devices_org_idx" ON "devices" USING btree ("org_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_key_hash_uq" ON "gateways" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "gateways_org_idx" ON "gateways" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "readings_device_kind_time_uq" ON "readings" USING btree ("device_id","kind","occur_time");--> statement-breakpoint
CREATE INDEX "readings_member_kind_time_idx" ON "readings" USING btree ("member_id","kind","occur_time");--> statement-breakpoint
CREATE UNIQUE INDEX "abnormal_events_open_uq" ON "abnormal_events" USING btree ("type",coalesce("member_id", 0),coalesce("device_id", 0)) WHERE not "abnormal_events"."is_handle" and "abnormal_events"."recovered_at" is null;--> statement-breakpoint
CREATE INDEX "abnormal_events_org_time_idx" ON "abnormal_events" USING btree ("org_id","occur_time");--> statement-breakpoint
CREATE INDEX "abnormal_events_member_time_idx" ON "abnormal_events" USING btree ("member_id","occur_time");--> statement-breakpoint
CREATE INDEX "abnormal_handles_abnormal_idx" ON "abnormal_handles" USING btree ("abnormal_id","handle_time");