CREATE TABLE "fhir_export_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"export_id" integer NOT NULL,
	"type" varchar(40) NOT NULL,
	"lines" integer NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fhir_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"requester" jsonb NOT NULL,
	"scope" varchar(10) NOT NULL,
	"target_id" integer NOT NULL,
	"types" jsonb NOT NULL,
	"since" timestamp with time zone,
	"request" text NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fhir_export_files" ADD CONSTRAINT "fhir_export_files_export_id_fhir_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."fhir_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_exports" ADD CONSTRAINT "fhir_exports_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_exports" ADD CONSTRAINT "fhir_exports_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_export_files_export_idx" ON "fhir_export_files" USING btree ("export_id");--> statement-breakpoint
CREATE INDEX "fhir_exports_status_idx" ON "fhir_exports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "fhir_exports_expires_idx" ON "fhir_exports" USING btree ("expires_at");