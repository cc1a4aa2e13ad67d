ALTER TABLE "company_requests" ADD COLUMN "filings" jsonb;--> statement-breakpoint
-- Backfill from the snapshots already stored (each parsed once); later snapshots write it themselves.
UPDATE "company_requests" AS r SET "filings" = jsonb_build_object(
	'legalName', s.snapshot->'company'->'legalName',
	'statutoryFilings', s.snapshot->'company'->'statutoryFilings',
	'complianceFlags', s.snapshot->'company'->'complianceFlags',
	'caseReference', s.snapshot->'request'->'metadata'->'caseReference'
)
FROM (SELECT "request_id", "snapshot"::jsonb AS snapshot FROM "company_requests" WHERE "snapshot" IS NOT NULL) AS s
WHERE s."request_id" = r."request_id";
