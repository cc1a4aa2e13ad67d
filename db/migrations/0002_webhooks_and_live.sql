CREATE TABLE "alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" uuid,
	"message_id" text NOT NULL,
	"monitor_id" text NOT NULL,
	"company_id" text NOT NULL,
	"country_code" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"change_categories" jsonb NOT NULL,
	"metadata" jsonb,
	"monitor_has_been_deactivated" boolean NOT NULL,
	"notified_at" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" uuid,
	"message_id" text NOT NULL,
	"type" text NOT NULL,
	"kind" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_request_versions" (
	"request_id" text NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"source" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_request_versions_request_id_version_pk" PRIMARY KEY("request_id","version")
);
--> statement-breakpoint
CREATE TABLE "company_requests" (
	"request_id" text PRIMARY KEY NOT NULL,
	"connection_id" uuid,
	"origin" text NOT NULL,
	"ordered_by" uuid,
	"country_code" text,
	"company_id" text,
	"company_name" text,
	"version" integer DEFAULT 0 NOT NULL,
	"snapshot" jsonb,
	"complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"type" text NOT NULL,
	"request_id" text,
	"monitor_id" text,
	"version" integer,
	"outcome" text NOT NULL,
	"detail" text,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processing_ms" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_rejection_counts" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_rejections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"message_id" text
);
--> statement-breakpoint
ALTER TABLE "registry_connections" ADD COLUMN "previous_webhook_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_request_versions" ADD CONSTRAINT "company_request_versions_request_id_company_requests_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."company_requests"("request_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_requests" ADD CONSTRAINT "company_requests_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_requests" ADD CONSTRAINT "company_requests_ordered_by_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_rejection_counts" ADD CONSTRAINT "webhook_rejection_counts_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_rejections" ADD CONSTRAINT "webhook_rejections_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_received" ON "alerts" USING btree ("received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_monitor" ON "alerts" USING btree ("monitor_id");--> statement-breakpoint
CREATE INDEX "billing_events_received" ON "billing_events" USING btree ("received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "company_requests_created" ON "company_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "live_events_at" ON "live_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_first_receipt" ON "webhook_deliveries" USING btree ("connection_id","message_id") WHERE "webhook_deliveries"."outcome" <> 'duplicate';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_connection_received" ON "webhook_deliveries" USING btree ("connection_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_request" ON "webhook_deliveries" USING btree ("request_id","received_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_received" ON "webhook_deliveries" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "webhook_rejections_connection_at" ON "webhook_rejections" USING btree ("connection_id","id" DESC NULLS LAST);