CREATE TABLE "delivery_order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"side" varchar(10) NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" varchar(100) NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"medicine_id" integer,
	"medicine_name" varchar(100) NOT NULL,
	"quantity" integer NOT NULL,
	"unit" varchar(20) NOT NULL,
	"remark" text,
	"state" smallint DEFAULT 0 NOT NULL,
	"received_quantity" integer,
	"receipt_note" text,
	"reply" text,
	"checked_by" integer,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "delivery_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"area_id" integer,
	"member_id" integer NOT NULL,
	"pharmacy_org_id" integer NOT NULL,
	"pharmacy_area_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"state" smallint NOT NULL,
	"requested_date" timestamp with time zone NOT NULL,
	"repeat_days" smallint,
	"previous_id" integer,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_order_history" ADD CONSTRAINT "delivery_order_history_order_id_delivery_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."delivery_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_order_history" ADD CONSTRAINT "delivery_order_history_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_order_lines" ADD CONSTRAINT "delivery_order_lines_order_id_delivery_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."delivery_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_order_lines" ADD CONSTRAINT "delivery_order_lines_checked_by_staff_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD CONSTRAINT "delivery_orders_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD CONSTRAINT "delivery_orders_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD CONSTRAINT "delivery_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD CONSTRAINT "delivery_orders_pharmacy_org_id_orgs_id_fk" FOREIGN KEY ("pharmacy_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD CONSTRAINT "delivery_orders_pharmacy_area_id_areas_id_fk" FOREIGN KEY ("pharmacy_area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD CONSTRAINT "delivery_orders_previous_id_delivery_orders_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."delivery_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD CONSTRAINT "delivery_orders_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_order_history_order_idx" ON "delivery_order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "delivery_order_lines_order_idx" ON "delivery_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "delivery_orders_org_state_idx" ON "delivery_orders" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX "delivery_orders_pharmacy_state_idx" ON "delivery_orders" USING btree ("pharmacy_org_id","state");--> statement-breakpoint
CREATE INDEX "delivery_orders_member_idx" ON "delivery_orders" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_orders_previous_uq" ON "delivery_orders" USING btree ("previous_id") WHERE "delivery_orders"."previous_id" is not null;