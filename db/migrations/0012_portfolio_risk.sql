CREATE TABLE "company_ratings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"company_id" text NOT NULL,
	"model_version" integer NOT NULL,
	"file_revision" bigint NOT NULL,
	"score" integer NOT NULL,
	"rating" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"incomplete" boolean DEFAULT false NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"company_id" text NOT NULL,
	"outcome" text NOT NULL,
	"comment" text NOT NULL,
	"rating_id" bigint,
	"rating" text,
	"baseline_request_id" text,
	"baseline_version" bigint,
	"reviewed_by" uuid,
	"reviewed_by_email" text NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_review_due" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_entries" (
	"connection_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"company_id" text NOT NULL,
	"company_name" text,
	"customer" boolean DEFAULT false NOT NULL,
	"owner_id" uuid,
	"rating" text,
	"score" integer,
	"top_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rating_id" bigint,
	"model_version" integer,
	"rated_revision" bigint DEFAULT -1 NOT NULL,
	"incomplete" boolean DEFAULT false NOT NULL,
	"active_flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"pinned_rating" text,
	"pin_reason" text,
	"pinned_by" uuid,
	"pinned_at" timestamp with time zone,
	"last_review_id" bigint,
	"last_reviewed_at" timestamp with time zone,
	"next_review_due" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_entries_connection_id_country_code_company_id_pk" PRIMARY KEY("connection_id","country_code","company_id")
);
--> statement-breakpoint
CREATE TABLE "review_policy" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"high_months" integer NOT NULL,
	"medium_months" integer NOT NULL,
	"low_months" integer NOT NULL,
	"stale_days" integer NOT NULL,
	"portfolio_scope" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_model_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"model" jsonb NOT NULL,
	"note" text NOT NULL,
	"published_by" uuid,
	"published_by_email" text NOT NULL,
	"approved_by_email" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_ratings" ADD CONSTRAINT "company_ratings_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_ratings" ADD CONSTRAINT "company_ratings_model_version_risk_model_versions_version_fk" FOREIGN KEY ("model_version") REFERENCES "public"."risk_model_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reviews" ADD CONSTRAINT "company_reviews_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reviews" ADD CONSTRAINT "company_reviews_rating_id_company_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."company_ratings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reviews" ADD CONSTRAINT "company_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_entries" ADD CONSTRAINT "portfolio_entries_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_entries" ADD CONSTRAINT "portfolio_entries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_entries" ADD CONSTRAINT "portfolio_entries_rating_id_company_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."company_ratings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_entries" ADD CONSTRAINT "portfolio_entries_pinned_by_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_policy" ADD CONSTRAINT "review_policy_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_model_versions" ADD CONSTRAINT "risk_model_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_ratings_company" ON "company_ratings" USING btree ("connection_id","country_code","company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "company_reviews_company" ON "company_reviews" USING btree ("connection_id","country_code","company_id","reviewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portfolio_due" ON "portfolio_entries" USING btree ("next_review_due","country_code","company_id");--> statement-breakpoint
CREATE INDEX "portfolio_rating" ON "portfolio_entries" USING btree ("rating","next_review_due");--> statement-breakpoint
CREATE INDEX "portfolio_owner" ON "portfolio_entries" USING btree ("owner_id","next_review_due");--> statement-breakpoint
CREATE INDEX "portfolio_flags" ON "portfolio_entries" USING gin ("active_flags");