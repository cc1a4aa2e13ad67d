CREATE TABLE "registry_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"environment" text NOT NULL,
	"base_url" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"api_key_hint" text NOT NULL,
	"webhook_secret_sealed" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_connections_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "registry_connections_one_default" ON "registry_connections" USING btree ("is_default") WHERE "registry_connections"."is_default";