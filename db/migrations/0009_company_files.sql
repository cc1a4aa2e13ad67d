CREATE TABLE "company_files" (
	"connection_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"company_id" text NOT NULL,
	"company_name" text,
	"sections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"graph" json,
	"graph_parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"filings" jsonb,
	"latest_request_id" text,
	"revision" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_files_connection_id_country_code_company_id_pk" PRIMARY KEY("connection_id","country_code","company_id")
);
--> statement-breakpoint
ALTER TABLE "company_requests" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "company_requests" ADD COLUMN "parent_request_id" text;--> statement-breakpoint
ALTER TABLE "company_requests" ADD COLUMN "succeeded_at" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "company_requests" ADD COLUMN "filed_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_connection_id_registry_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."registry_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_requests_parent" ON "company_requests" USING btree ("parent_request_id");--> statement-breakpoint
CREATE INDEX "company_requests_unfiled" ON "company_requests" USING btree ("created_at") WHERE "company_requests"."filed_version" < "company_requests"."version";--> statement-breakpoint
-- Why each request this console ordered was made, and what it follows up, read from the audit row of its order.
UPDATE "company_requests" AS r SET
	"purpose" = CASE
		WHEN a."action" = 'company.graph_expanded' THEN 'graph_expansion'
		WHEN a."details" ? 'alertId' THEN 're_retrieval'
		WHEN a."details"->>'kind' = 'onboarding' THEN 'onboarding'
		WHEN a."details"->>'caseReference' LIKE 'retry of %' THEN 'retry'
		WHEN a."details"->>'caseReference' = 'document listing' THEN 'document_listing'
		ELSE 'order' END,
	"parent_request_id" = CASE
		WHEN a."action" = 'company.graph_expanded' THEN a."details"->>'parentRequestId'
		WHEN a."details"->>'caseReference' LIKE 'retry of %' THEN substr(a."details"->>'caseReference', 10)
		END
FROM "audit_log" AS a
WHERE r."origin" = 'console' AND a."action" IN ('company.ordered', 'company.graph_expanded') AND a."details"->>'requestId' = r."request_id";
--> statement-breakpoint
UPDATE "company_requests" SET "purpose" = 'order' WHERE "origin" = 'console' AND "purpose" IS NULL;
--> statement-breakpoint
-- A listing or a re-retrieval follows the company's newest first order before it.
UPDATE "company_requests" AS r SET "parent_request_id" = (
	SELECT p."request_id" FROM "company_requests" AS p
	WHERE p."connection_id" = r."connection_id" AND p."country_code" = r."country_code" AND p."company_id" = r."company_id"
		AND (p."purpose" IS NULL OR p."purpose" IN ('order', 'onboarding')) AND p."created_at" <= r."created_at"
	ORDER BY p."created_at" DESC LIMIT 1)
WHERE r."purpose" IN ('document_listing', 're_retrieval') AND r."parent_request_id" IS NULL;
--> statement-breakpoint
-- When each datapoint first succeeded in each request, from the versions stored (ISO times, as the console writes them).
UPDATE "company_requests" AS r SET "succeeded_at" = t."times"
FROM (
	SELECT "request_id", jsonb_object_agg("datapoint", to_char("first_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS "times"
	FROM (
		SELECT v."request_id", d."key" AS "datapoint", min(v."applied_at") AS "first_at"
		FROM "company_request_versions" AS v,
			jsonb_each(CASE WHEN jsonb_typeof(v."snapshot"::jsonb->'request'->'dataStatus'->'dataPoints') = 'object'
				THEN v."snapshot"::jsonb->'request'->'dataStatus'->'dataPoints' ELSE '{}'::jsonb END) AS d
		WHERE d."value"->>'status' = 'succeeded'
		GROUP BY 1, 2
	) AS firsts
	GROUP BY "request_id"
) AS t
WHERE t."request_id" = r."request_id";
