CREATE TABLE "batch_connection_pace" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"orders_per_minute" integer DEFAULT 120 NOT NULL,
	"next_slot_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"input" jsonb NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"match_state" text DEFAULT 'pending' NOT NULL,
	"country_code" text NOT NULL,
	"company_id" text,
	"company_name" text,
	"match_reason" text,
	"match_score" real,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"datapoints" jsonb,
	"ceiling_credits" numeric(14, 2),
	"outcome" text DEFAULT 'pending' NOT NULL,
	"outcome_reason" text,
	"intent_id" uuid,
	"request_id" text,
	"diff" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"connection_id" uuid NOT NULL,
	"created_by" uuid,
	"created_by_email" text NOT NULL,
	"file_name" text,
	"file_digest" text,
	"status" text DEFAULT 'matching' NOT NULL,
	"datapoints" jsonb NOT NULL,
	"skip_fresh" boolean DEFAULT true NOT NULL,
	"concurrency" integer DEFAULT 4 NOT NULL,
	"quoted_credits" numeric(14, 2),
	"cap_credits" numeric(14, 2),
	"reserved_credits" numeric(14, 2) DEFAULT 0 NOT NULL,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_row_id" bigint NOT NULL,
	"connection_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"company_id" text NOT NULL,
	"reviewer_id" uuid,
	"request_id" text NOT NULL,
	"change_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "batch_connection_pace" ADD CONSTRAINT "batch_connection_pace_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_connection_pace" ADD CONSTRAINT "batch_connection_pace_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_intent_id_paid_request_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."paid_request_intents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_queue" ADD CONSTRAINT "review_queue_batch_row_id_batch_rows_id_fk" FOREIGN KEY ("batch_row_id") REFERENCES "public"."batch_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_queue" ADD CONSTRAINT "review_queue_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_queue" ADD CONSTRAINT "review_queue_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_rows_number" ON "batch_rows" USING btree ("batch_id","row_number");--> statement-breakpoint
CREATE INDEX "batch_rows_outcome" ON "batch_rows" USING btree ("batch_id","outcome","row_number");--> statement-breakpoint
CREATE INDEX "batch_rows_request" ON "batch_rows" USING btree ("request_id") WHERE "batch_rows"."request_id" is not null;--> statement-breakpoint
CREATE INDEX "batch_rows_intent" ON "batch_rows" USING btree ("intent_id") WHERE "batch_rows"."intent_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "batches_file" ON "batches" USING btree ("connection_id","file_digest") WHERE "batches"."file_digest" is not null;--> statement-breakpoint
CREATE INDEX "batches_created" ON "batches" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "review_queue_row" ON "review_queue" USING btree ("batch_row_id");--> statement-breakpoint
CREATE INDEX "review_queue_open" ON "review_queue" USING btree ("reviewer_id","created_at") WHERE "review_queue"."done_at" is null;