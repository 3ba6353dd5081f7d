CREATE TABLE "abnormal_routing" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_relations" ADD COLUMN "alert_categories" jsonb;--> statement-breakpoint
ALTER TABLE "abnormal_routing" ADD CONSTRAINT "abnormal_routing_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_routing" ADD CONSTRAINT "abnormal_routing_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "abnormal_routing_org_uq" ON "abnormal_routing" USING btree ("org_id");