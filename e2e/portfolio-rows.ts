import { defaultRiskModel, type RiskRating } from "../lib/risk/risk-model.shared";
import type { Database } from "./fixtures";

/**
 * A company file of the local simulator's connection, written straight into the database with one request, its data
 * delivered `asOfDaysAgo` days ago, and its portfolio row as the re-rater would leave it (rated, owned, due). For the
 * review specs and the page sweeps; the re-rater itself is another part's.
 */
/** The model in force, as the re-rater stores it the first time: the default becomes version 1 where none is stored. */
export async function storedModelVersion(db: Database): Promise<number> {
  await db.query(
    `insert into risk_model_versions (version, model, note, published_by_email)
     select 1, $1::jsonb, 'The default model, in force until an admin publishes one.', 'system (default model)'
     where not exists (select 1 from risk_model_versions) on conflict (version) do nothing`,
    [JSON.stringify(defaultRiskModel)],
  );
  const [newest] = await db.query<{ version: number }>("select max(version) as version from risk_model_versions");
  return newest!.version;
}

export async function portfolioCompany(
  db: Database,
  options: { companyId: string; name: string; asOfDaysAgo: number; rating: RiskRating | null; ownerId?: string; dueDaysFromNow: number },
): Promise<{ companyId: string; requestId: string }> {
  const [connection] = await db.query<{ id: string }>("select id from registry_connections where name = 'Local simulator'");
  const requestId = `req_e2e_${options.companyId.toLowerCase().replace(/[^a-z0-9]+/g, "_")}`;
  const asOf = new Date(Date.now() - options.asOfDaysAgo * 86_400_000).toISOString();
  await db.query(
    `insert into company_requests (request_id, connection_id, origin, country_code, company_id, company_name, version, complete)
     values ($1, $2, 'console', 'GB', $3, $4, 1, true)`,
    [requestId, connection!.id, options.companyId, options.name],
  );
  await db.query(
    `insert into company_files (connection_id, country_code, company_id, company_name, latest_request_id, sources, sections)
     values ($1, 'GB', $2, $3, $4, $5, $6)`,
    [
      connection!.id,
      options.companyId,
      options.name,
      requestId,
      JSON.stringify({ company: { requestId, version: 1, asOf } }),
      JSON.stringify({ company: { id: options.companyId, countryCode: "GB", legalName: options.name } }),
    ],
  );
  // As the re-rater leaves it (rated at the file's revision under the model in force), so that its background sweep
  // keeps it; never reviewed, so due from when it entered the portfolio, as the re-rater would compute.
  await db.query(
    `insert into portfolio_entries (connection_id, country_code, company_id, company_name, rating, score, owner_id, rated_revision,
       model_version, created_at, next_review_due)
     values ($1, 'GB', $2, $3, $4, $5, $6, 0, $8, now() + make_interval(days => $7), now() + make_interval(days => $7))`,
    [
      connection!.id,
      options.companyId,
      options.name,
      options.rating,
      options.rating ? 30 : null,
      options.ownerId ?? null,
      options.dueDaysFromNow,
      await storedModelVersion(db),
    ],
  );
  return { companyId: options.companyId, requestId };
}
