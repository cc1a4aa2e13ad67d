import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { companyFiles, companyRatings, companyRequests, portfolioEntries, riskModelVersions, type RiskReason } from "@/db/schema";
import type { CompanyKey } from "@/lib/company-file/company-file-store";
import type { RiskRating } from "@/lib/risk/risk-model.shared";
import { defaultRiskModel } from "@/lib/risk/risk-model.shared";

/**
 * Portfolio rows written straight into the test database, as the re-rater (lib/risk/) would leave them: a company
 * file with its latest request, a rating with its reasons, a portfolio row.
 */

/** A company file whose latest request is `requestId` at `version`, its one datapoint delivered at `asOf`. */
export async function storeCompanyFile(
  key: CompanyKey,
  options: { companyName?: string; requestId: string; version?: number; asOf?: Date },
): Promise<void> {
  const version = options.version ?? 1;
  const asOf = (options.asOf ?? new Date()).toISOString();
  await db()
    .insert(companyRequests)
    .values({ requestId: options.requestId, origin: "console", ...key, companyName: options.companyName, version, complete: true });
  await db()
    .insert(companyFiles)
    .values({
      ...key,
      companyName: options.companyName ?? null,
      latestRequestId: options.requestId,
      sources: { company: { requestId: options.requestId, version, asOf } },
    });
}

/** The risk model's first version (ratings name one). */
export async function storeRiskModelVersion(): Promise<void> {
  await db()
    .insert(riskModelVersions)
    .values({ version: 1, model: defaultRiskModel as unknown as Record<string, unknown>, note: "test", publishedByEmail: "test" })
    .onConflictDoNothing();
}

/** A rating of the company under model version 1; its id. */
export async function storeRating(key: CompanyKey, rating: RiskRating, score: number, reasons: RiskReason[]): Promise<number> {
  await storeRiskModelVersion();
  const [row] = await db()
    .insert(companyRatings)
    .values({ ...key, modelVersion: 1, fileRevision: 1, score, rating, reasons, inputs: {} })
    .returning({ id: companyRatings.id });
  return row!.id;
}

/** A portfolio row; by default unrated, unowned, never reviewed and due from when it was made. */
export async function storePortfolioEntry(key: CompanyKey, row: Partial<typeof portfolioEntries.$inferInsert> = {}): Promise<void> {
  await db()
    .insert(portfolioEntries)
    .values({ ...key, nextReviewDue: row.createdAt ?? sql`now()`, ...row });
}
