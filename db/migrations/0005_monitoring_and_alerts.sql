CREATE TABLE "alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_slas" (
	"category" text PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" bigint NOT NULL,
	"connection_id" uuid,
	"message_id" text NOT NULL,
	"monitor_id" text NOT NULL,
	"company_id" text NOT NULL,
	"country_code" text NOT NULL,
	"change_categories" jsonb NOT NULL,
	"metadata" jsonb,
	"monitor_has_been_deactivated" boolean NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"notified_at" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_test_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"monitor_id" text NOT NULL,
	"categories" jsonb NOT NULL,
	"deactivation" boolean DEFAULT false NOT NULL,
	"requested_by" uuid,
	"requested_by_email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notification_id" bigint,
	"failure" jsonb
);
--> statement-breakpoint
CREATE TABLE "monitors" (
	"connection_id" uuid NOT NULL,
	"monitor_id" text NOT NULL,
	"country_code" text NOT NULL,
	"company_id" text NOT NULL,
	"company_name" text,
	"case_reference" text,
	"started_by" uuid,
	"started_by_email" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"datapoint_notices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_check_at" timestamp with time zone,
	"last_fetch_status" text,
	"last_error_message" text,
	"deactivated_at" timestamp with time zone,
	"deactivation_reason" text,
	"stopped_at" timestamp with time zone,
	"stopped_by" uuid,
	CONSTRAINT "monitors_connection_id_monitor_id_pk" PRIMARY KEY("connection_id","monitor_id")
);
--> statement-breakpoint
CREATE TABLE "reviewed_baselines" (
	"connection_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"company_id" text NOT NULL,
	"request_id" text NOT NULL,
	"version" bigint NOT NULL,
	"alert_id" bigint,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviewed_baselines_connection_id_country_code_company_id_pk" PRIMARY KEY("connection_id","country_code","company_id")
);
--> statement-breakpoint
DROP INDEX "alerts_received";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "categories" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "deactivation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "notification_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "opened_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "last_notified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "resolution_comment" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "change_request_id" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "baseline_request_id" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "baseline_version" bigint;--> statement-breakpoint
-- Hand-written: until now each notification was its own row in "alerts". Keep every one as a monitor
-- notification, fold the notifications of one monitor into its oldest row (an open alert, due two days after
-- it opened), then drop the defaults that only served this backfill.
INSERT INTO "monitor_notifications" ("alert_id", "connection_id", "message_id", "monitor_id", "company_id", "country_code", "change_categories", "metadata", "monitor_has_been_deactivated", "notified_at", "received_at")
SELECT (SELECT min(o."id") FROM "alerts" o WHERE o."monitor_id" = a."monitor_id" AND o."connection_id" IS NOT DISTINCT FROM a."connection_id"),
  a."connection_id", a."message_id", a."monitor_id", a."company_id", a."country_code", a."change_categories", a."metadata", a."monitor_has_been_deactivated", a."notified_at", a."received_at"
FROM "alerts" a;--> statement-breakpoint
DELETE FROM "alerts" a WHERE a."id" <> (SELECT min(o."id") FROM "alerts" o WHERE o."monitor_id" = a."monitor_id" AND o."connection_id" IS NOT DISTINCT FROM a."connection_id");--> statement-breakpoint
UPDATE "alerts" a SET
  "categories" = (SELECT coalesce(jsonb_agg(DISTINCT c.value), '[]'::jsonb) FROM "monitor_notifications" n, jsonb_array_elements_text(n."change_categories") c WHERE n."alert_id" = a."id"),
  "notification_count" = (SELECT count(*) FROM "monitor_notifications" n WHERE n."alert_id" = a."id"),
  "deactivation" = EXISTS (SELECT 1 FROM "monitor_notifications" n WHERE n."alert_id" = a."id" AND (n."monitor_has_been_deactivated" OR n."change_categories" ? 'disappeared')),
  "opened_at" = (SELECT min(n."received_at") FROM "monitor_notifications" n WHERE n."alert_id" = a."id"),
  "last_notified_at" = (SELECT max(n."received_at") FROM "monitor_notifications" n WHERE n."alert_id" = a."id"),
  "due_at" = (SELECT min(n."received_at") FROM "monitor_notifications" n WHERE n."alert_id" = a."id") + interval '2 days';--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "categories" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "due_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_slas" ADD CONSTRAINT "alert_slas_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_notifications" ADD CONSTRAINT "monitor_notifications_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_notifications" ADD CONSTRAINT "monitor_notifications_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_test_requests" ADD CONSTRAINT "monitor_test_requests_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_test_requests" ADD CONSTRAINT "monitor_test_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_test_requests" ADD CONSTRAINT "monitor_test_requests_notification_id_monitor_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."monitor_notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_stopped_by_users_id_fk" FOREIGN KEY ("stopped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewed_baselines" ADD CONSTRAINT "reviewed_baselines_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewed_baselines" ADD CONSTRAINT "reviewed_baselines_request_id_company_requests_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."company_requests"("request_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewed_baselines" ADD CONSTRAINT "reviewed_baselines_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewed_baselines" ADD CONSTRAINT "reviewed_baselines_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_alert" ON "alert_events" USING btree ("alert_id","id");--> statement-breakpoint
CREATE INDEX "monitor_notifications_alert" ON "monitor_notifications" USING btree ("alert_id","id");--> statement-breakpoint
CREATE INDEX "monitor_notifications_received" ON "monitor_notifications" USING btree ("received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "monitor_test_requests_unmatched" ON "monitor_test_requests" USING btree ("connection_id","monitor_id","requested_at") WHERE "monitor_test_requests"."notification_id" is null and "monitor_test_requests"."failure" is null;--> statement-breakpoint
CREATE INDEX "monitors_company" ON "monitors" USING btree ("connection_id","country_code","company_id");--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_open_per_monitor" ON "alerts" USING btree ("connection_id","monitor_id","is_test") WHERE "alerts"."state" <> 'resolved';--> statement-breakpoint
CREATE INDEX "alerts_inbox" ON "alerts" USING btree ("state","last_notified_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_assignee_inbox" ON "alerts" USING btree ("assignee_id","state","last_notified_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_due" ON "alerts" USING btree ("state","due_at","id");--> statement-breakpoint
CREATE INDEX "company_requests_company" ON "company_requests" USING btree ("connection_id","country_code","company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "alerts" DROP COLUMN "message_id";--> statement-breakpoint
ALTER TABLE "alerts" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "alerts" DROP COLUMN "change_categories";--> statement-breakpoint
ALTER TABLE "alerts" DROP COLUMN "metadata";--> statement-breakpoint
ALTER TABLE "alerts" DROP COLUMN "monitor_has_been_deactivated";--> statement-breakpoint
ALTER TABLE "alerts" DROP COLUMN "notified_at";--> statement-breakpoint
ALTER TABLE "alerts" DROP COLUMN "received_at";