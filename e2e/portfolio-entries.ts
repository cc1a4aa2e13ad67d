import type { Database } from "./fixtures";
import { storedModelVersion } from "./portfolio-rows";

// The portfolio's entries are arranged in the database, as the re-rater would leave them: a high-risk company overdue
// for review with its reasons, and a low-risk one. Their due dates lie far in the past, so they head the list.

export type ArrangedPortfolio = { high: { id: string; name: string }; low: { id: string; name: string } };

export async function arrangePortfolio(db: Database): Promise<ArrangedPortfolio> {
  const suffix = crypto.randomUUID().slice(0, 8).toUpperCase();
  const high = { id: `PF-HIGH-${suffix}`, name: `Highrisk Holdings ${suffix}` };
  const low = { id: `PF-LOW-${suffix}`, name: `Lowrisk Trading ${suffix}` };
  const [connection] = await db.query<{ id: string }>("select id from registry_connections where name = 'Local simulator'");
  const connectionId = connection!.id;
  const modelVersion = await storedModelVersion(db);
  const reasons = JSON.stringify([
    {
      rule: "complianceFlags",
      points: 40,
      sentence: "The register reports the company liquidated.",
      evidence: { field: "complianceFlags.liquidated", value: true, asOf: "2026-10-01T08:00:00Z", requestId: "req_e2e_portfolio" },
    },
    { rule: "noBeneficialOwner", points: 30, sentence: "The register names no beneficial owner." },
  ]);
  const [rating] = await db.query<{ id: string }>(
    `insert into company_ratings (connection_id, country_code, company_id, model_version, file_revision, score, rating, reasons, inputs)
     values ($1, 'GB', $2, $4, 1, 70, 'high', $3, '{}') returning id`,
    [connectionId, high.id, reasons, modelVersion],
  );
  const ratingId = rating!.id;
  await db.query(
    `insert into portfolio_entries (connection_id, country_code, company_id, company_name, rating, score, top_reasons, rating_id,
       model_version, active_flags, next_review_due)
     values ($1, 'GB', $2, $3, 'high', 70, $4, $5, 1, '{liquidated}', now() - interval '3 days' - interval '10 years'),
            ($1, 'GB', $6, $7, 'low', 0, '[]', null, 1, '{}', now() + interval '100 days' - interval '10 years')`,
    [
      connectionId,
      high.id,
      high.name,
      JSON.stringify(["The register reports the company liquidated. (+40)", "The register names no beneficial owner. (+30)"]),
      ratingId,
      low.id,
      low.name,
    ],
  );
  return { high, low };
}
