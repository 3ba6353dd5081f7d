CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"org_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"role" smallint NOT NULL,
	"member_id" integer,
	"member_org_id" integer,
	"resource" varchar(100) NOT NULL,
	"method" varchar(10) NOT NULL,
	"route" varchar(200) NOT NULL,
	"action" varchar(10) NOT NULL,
	"record_id" integer,
	"ip" varchar(64) NOT NULL,
	"request_id" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_org_idx" ON "audit_log" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_member_org_idx" ON "audit_log" USING btree ("member_org_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_member_idx" ON "audit_log" USING btree ("member_id","created_at");