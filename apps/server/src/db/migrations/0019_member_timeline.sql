DROP INDEX "member_change_logs_member_idx";--> statement-breakpoint
DROP INDEX "device_bindings_member_idx";--> statement-breakpoint
DROP INDEX "delivery_orders_member_idx";--> statement-breakpoint
DROP INDEX "care_schedules_member_idx";--> statement-breakpoint
ALTER TABLE "abnormal_handles" ADD COLUMN "member_id" integer;--> statement-breakpoint
ALTER TABLE "abnormal_handles" ADD CONSTRAINT "abnormal_handles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_bindings_member_unbound_idx" ON "device_bindings" USING btree ("member_id","unbound_at") WHERE "device_bindings"."unbound_at" is not null;--> statement-breakpoint
CREATE INDEX "abnormal_events_member_escalated_idx" ON "abnormal_events" USING btree ("member_id","escalated_at") WHERE "abnormal_events"."escalated_at" is not null;--> statement-breakpoint
CREATE INDEX "abnormal_events_member_acknowledged_idx" ON "abnormal_events" USING btree ("member_id","acknowledged_at") WHERE "abnormal_events"."acknowledged_at" is not null;--> statement-breakpoint
CREATE INDEX "abnormal_handles_member_idx" ON "abnormal_handles" USING btree ("member_id","handle_time");--> statement-breakpoint
CREATE INDEX "care_package_doses_member_alerted_idx" ON "care_package_doses" USING btree ("member_id","alerted_at") WHERE "care_package_doses"."alerted_at" is not null;--> statement-breakpoint
CREATE INDEX "care_packages_member_start_idx" ON "care_packages" USING btree ("member_id","start_date");--> statement-breakpoint
CREATE INDEX "handover_actions_member_idx" ON "handover_actions" USING btree ("member_id","due_time");--> statement-breakpoint
CREATE INDEX "member_change_logs_member_idx" ON "member_change_logs" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "device_bindings_member_idx" ON "device_bindings" USING btree ("member_id","bound_at");--> statement-breakpoint
CREATE INDEX "delivery_orders_member_idx" ON "delivery_orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "care_schedules_member_idx" ON "care_schedules" USING btree ("member_id","start_date");--> statement-breakpoint
-- Hand-written backfill: existing handlings get their event's member (new ones are written with it).
UPDATE "abnormal_handles" h SET "member_id" = e."member_id" FROM "abnormal_events" e WHERE e."id" = h."abnormal_id" AND h."member_id" IS NULL;
