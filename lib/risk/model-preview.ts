import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { companyRatings, portfolioEntries } from "@/db/schema";
import { evaluateRisk } from "./evaluate-risk";
import type { ModelPreview, RatingTransition } from "./model-preview-words";
import type { PartyFact, RiskEvidence, RiskFacts } from "./risk-facts";
import type { RiskModel, RiskRating } from "./risk-model";

/** Rows read per query: each holds a rating's stored inputs without evidence (a few hundred bytes). */
const batchSize = 4000;

/**
 * A stored input without its evidence. Evidence (field, value, as of, request) only explains a rating: no rule's points
 * depend on it. So the preview reads each input with every evidence left out in SQL (a fifth of the bytes to send and
 * parse) and puts this stub in its place (no sentence's dates to format). Every other part is read as stored; the
 * facts are rebuilt against the RiskFacts type, so a fact added later fails the typecheck here until it is read.
 */
const noEvidence: RiskEvidence = { field: "", value: null, asOf: null, requestId: null };

type Slim<T> = T extends { evidence: RiskEvidence } ? Omit<T, "evidence"> : never;
type Facts = RiskFacts;
type Company = NonNullable<Facts["company"]>;
type Row = {
  connection_id: string;
  country_code: string;
  company_id: string;
  pinned: RiskRating | null;
  rating: RiskRating | null;
  /** Null: no rating yet. */
  at: string | null;
  file_revision: number;
  country: string;
  has_company: boolean;
  flag_names: string[];
  flag_since: (string | null)[];
  flag_due: (string | null)[];
  status: Slim<NonNullable<Company["status"]>> | null;
  incorporation: Slim<NonNullable<Company["incorporation"]>> | null;
  legal_form: Slim<NonNullable<Company["legalForm"]>> | null;
  owners: Slim<NonNullable<Facts["beneficialOwners"]>> | null;
  party_roles: PartyFact["role"][];
  party_names: string[];
  party_countries: string[];
  party_ties: PartyFact["tie"][];
  graph: Slim<NonNullable<Facts["graph"]>> | null;
  people_owners: Slim<NonNullable<Facts["people"]["ultimateBeneficialOwners"]>> | null;
  people_representatives: Slim<NonNullable<Facts["people"]["legalRepresentatives"]>> | null;
  change_owners: Slim<NonNullable<Facts["changes"]["ultimateBeneficialOwners"]>> | null;
  change_representatives: Slim<NonNullable<Facts["changes"]["legalRepresentatives"]>> | null;
};
type Key = [string, string, string];

const withEvidence = <T extends object>(part: T | null) => part && { ...part, evidence: noEvidence };

/** The facts a row holds, each evidence the stub. */
function factsOf(row: Row): RiskFacts {
  return {
    at: row.at!,
    fileRevision: row.file_revision,
    country: { code: row.country, evidence: noEvidence },
    company: row.has_company
      ? {
          flags: row.flag_names.map((name, i) => ({
            name,
            since: row.flag_since[i] ?? null,
            dueDate: row.flag_due[i] ?? null,
            evidence: noEvidence,
          })),
          status: withEvidence(row.status),
          incorporation: withEvidence(row.incorporation),
          legalForm: withEvidence(row.legal_form),
        }
      : null,
    beneficialOwners: withEvidence(row.owners),
    parties: row.party_roles.map((role, i) => ({
      role,
      name: row.party_names[i]!,
      country: row.party_countries[i]!,
      tie: row.party_ties[i]!,
      evidence: noEvidence,
    })),
    graph: withEvidence(row.graph),
    people: { ultimateBeneficialOwners: withEvidence(row.people_owners), legalRepresentatives: withEvidence(row.people_representatives) },
    changes: { ultimateBeneficialOwners: withEvidence(row.change_owners), legalRepresentatives: withEvidence(row.change_representatives) },
  };
}

/** One batch of portfolio rows after `after` in key order, each with its current rating and the inputs it was made from. */
async function batch(after: Key | undefined): Promise<Row[]> {
  const from = after
    ? sql`where (pe.connection_id, pe.country_code, pe.company_id) > (${after[0]}::uuid, ${after[1]}, ${after[2]})`
    : sql``;
  const result = await db().execute<Row>(sql`
    select pe.connection_id, pe.country_code, pe.company_id, pe.pinned_rating as pinned, cr.rating,
      i #>> '{at}' as at, (i #>> '{fileRevision}')::int as file_revision, i #>> '{country,code}' as country,
      jsonb_typeof(i -> 'company') = 'object' as has_company,
      jsonb_path_query_array(i, '$.company.flags[*].name') as flag_names,
      jsonb_path_query_array(i, '$.company.flags[*].since') as flag_since,
      jsonb_path_query_array(i, '$.company.flags[*].dueDate') as flag_due,
      nullif(i #> '{company,status}', 'null') - 'evidence' as status,
      nullif(i #> '{company,incorporation}', 'null') - 'evidence' as incorporation,
      nullif(i #> '{company,legalForm}', 'null') - 'evidence' as legal_form,
      nullif(i -> 'beneficialOwners', 'null') - 'evidence' as owners,
      jsonb_path_query_array(i, '$.parties[*].role') as party_roles,
      jsonb_path_query_array(i, '$.parties[*].name') as party_names,
      jsonb_path_query_array(i, '$.parties[*].country') as party_countries,
      jsonb_path_query_array(i, '$.parties[*].tie') as party_ties,
      nullif(i -> 'graph', 'null') - 'evidence' as graph,
      nullif(i #> '{people,ultimateBeneficialOwners}', 'null') - 'evidence' as people_owners,
      nullif(i #> '{people,legalRepresentatives}', 'null') - 'evidence' as people_representatives,
      nullif(i #> '{changes,ultimateBeneficialOwners}', 'null') - 'evidence' as change_owners,
      nullif(i #> '{changes,legalRepresentatives}', 'null') - 'evidence' as change_representatives
    from ${portfolioEntries} pe left join ${companyRatings} cr on cr.id = pe.rating_id
      left join lateral (select cr.inputs as i) inputs on true
    ${from}
    order by pe.connection_id, pe.country_code, pe.company_id
    limit ${batchSize}`);
  return result.rows;
}

/**
 * How `model` would rate the portfolio: the draft evaluated (evaluateRisk, pure) over the inputs stored with each
 * company's current rating, counted per transition from the rating it has now. Pinned companies keep their pin and
 * are counted apart; companies not rated yet are counted apart. Reads in keyset batches, the next one fetched while
 * the current one is evaluated, so 100,000 companies stay within a few seconds and a few megabytes. Changes nothing.
 */
export async function previewModel(model: RiskModel): Promise<ModelPreview> {
  const moves = new Map<string, RatingTransition>();
  const preview: ModelPreview = { evaluated: 0, unchanged: 0, transitions: [], pinned: 0, pinnedWouldChange: 0, unrated: 0 };
  let next = batch(undefined);
  for (;;) {
    const rows = await next;
    if (rows.length === batchSize) {
      const last = rows.at(-1)!;
      next = batch([last.connection_id, last.country_code, last.company_id]);
    }
    for (const row of rows) {
      if (!row.rating || row.at === null) {
        preview.unrated += 1;
        continue;
      }
      const rating = evaluateRisk(model, factsOf(row)).rating;
      if (row.pinned) {
        preview.pinned += 1;
        if (rating !== row.rating) preview.pinnedWouldChange += 1;
        continue;
      }
      preview.evaluated += 1;
      if (rating === row.rating) {
        preview.unchanged += 1;
        continue;
      }
      const key = `${row.rating}>${rating}`;
      const move = moves.get(key) ?? { from: row.rating, to: rating, count: 0 };
      move.count += 1;
      moves.set(key, move);
    }
    if (rows.length < batchSize) break;
  }
  preview.transitions = [...moves.values()];
  return preview;
}
