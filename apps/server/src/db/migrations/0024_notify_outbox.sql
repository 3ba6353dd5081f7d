CREATE TABLE "notify_org_policies" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"timeouts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"alert_id" integer,
	"staff_id" integer,
	"channel" varchar(16) NOT NULL,
	"address" varchar(500) NOT NULL,
	"language" varchar(8) NOT NULL,
	"tier" smallint NOT NULL,
	"repeat" smallint DEFAULT 0 NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"provider_id" varchar(300),
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_outbox_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "notify_preferences" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"language" varchar(8) DEFAULT 'zh-TW' NOT NULL,
	"channels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"utc_offset_minutes" smallint DEFAULT 480 NOT NULL,
	"disabled_channels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_settings" (
	"key" varchar(40) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notify_org_policies" ADD CONSTRAINT "notify_org_policies_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_outbox" ADD CONSTRAINT "notify_outbox_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_outbox" ADD CONSTRAINT "notify_outbox_alert_id_abnormal_events_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."abnormal_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_outbox" ADD CONSTRAINT "notify_outbox_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_preferences" ADD CONSTRAINT "notify_preferences_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_settings" ADD CONSTRAINT "notify_settings_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notify_outbox_due_idx" ON "notify_outbox" USING btree ("due_at") WHERE "notify_outbox"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "notify_outbox_alert_idx" ON "notify_outbox" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "notify_outbox_staff_time_idx" ON "notify_outbox" USING btree ("staff_id","sent_at");