ALTER TABLE "company_request_versions" ALTER COLUMN "snapshot" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "company_requests" ALTER COLUMN "snapshot" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "company_requests" ADD COLUMN "data_status" jsonb;