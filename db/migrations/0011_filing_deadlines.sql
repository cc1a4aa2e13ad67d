CREATE TABLE "filing_deadlines" (
	"connection_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"scheduled" boolean NOT NULL,
	"company_name" text,
	"due_date" date,
	"period_end" date,
	"register_overdue" boolean NOT NULL,
	"flagged" boolean NOT NULL,
	"case_reference" text,
	"request_id" text NOT NULL,
	"as_of" text,
	CONSTRAINT "filing_deadlines_connection_id_country_code_company_id_kind_pk" PRIMARY KEY("connection_id","country_code","company_id","kind")
);
--> statement-breakpoint
ALTER TABLE "company_files" ADD COLUMN "deadlines_filed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "filing_deadlines" ADD CONSTRAINT "filing_deadlines_company_file_fk" FOREIGN KEY ("connection_id","country_code","company_id") REFERENCES "public"."company_files"("connection_id","country_code","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filing_deadlines_due" ON "filing_deadlines" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "filing_deadlines_company" ON "filing_deadlines" USING btree ("country_code","company_id","kind");--> statement-breakpoint
CREATE INDEX "company_requests_country_company" ON "company_requests" USING btree ("country_code","company_id");--> statement-breakpoint
-- Every file stored before deadlines were: the launcher writes them at the next start (fileUnfiledDeadlines).
UPDATE "company_files" SET "deadlines_filed" = false;
