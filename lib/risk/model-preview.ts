import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { companyRatings, portfolioEntries } from "@/db/schema";
import { evaluateRisk } from "./evaluate-risk";
import type { ModelPreview, RatingTransition } from "./model-preview-words.shared";
import type { RiskFacts } from "./risk-facts";
import type { RiskModel, RiskRating } from "./risk-model.shared";

/** Rows read per query: each holds a rating's stored inputs (a few hundred bytes), so a batch stays about a megabyte. */
const batchSize = 4000;

type Row = {
  connection_id: string;
  country_code: string;
  company_id: string;
  pinned: RiskRating | null;
  rating: RiskRating | null;
  inputs: RiskFacts | null;
};
type Key = [string, string, string];

/**
 * Which requests delivered the facts (`sources`) and who the people are (`people`, for the next rating to tell a
 * change) only explain a rating or follow it: no rule's points read them. The preview leaves them out in SQL, a third
 * fewer bytes to send and parse for 100,000 companies, and puts these in their place.
 */
const unread: Pick<RiskFacts, "sources" | "people"> = {
  sources: {},
  people: { ultimateBeneficialOwners: null, legalRepresentatives: null },
};

/**
 * Streams read at once, each a share of the portfolio (by a hash of the company id): while this process evaluates
 * one batch, Postgres prepares the others' next ones.
 */
const streams = 2;

/** One batch of stream `part`'s portfolio rows after `after` in key order, each with its current rating and its inputs. */
async function batch(part: number, after: Key | undefined): Promise<Row[]> {
  const [pe, cr] = [alias(portfolioEntries, "pe"), alias(companyRatings, "cr")];
  const from = after
    ? sql`and (${pe.connectionId}, ${pe.countryCode}, ${pe.companyId}) > (${after[0]}::uuid, ${after[1]}, ${after[2]})`
    : sql``;
  const result = await db().execute<Row>(sql`
    select ${pe.connectionId}, ${pe.countryCode}, ${pe.companyId}, ${pe.pinnedRating} as pinned, ${cr.rating},
      ${cr.inputs} - 'sources' - 'people' as inputs
    from ${portfolioEntries} ${pe} left join ${companyRatings} ${cr} on ${cr.id} = ${pe.ratingId}
    where mod(abs(hashtext(${pe.companyId})), ${streams}) = ${part} ${from}
    order by ${pe.connectionId}, ${pe.countryCode}, ${pe.companyId}
    limit ${batchSize}`);
  return result.rows;
}

/** Hands each batch of stream `part` to `take`, fetching the next batch while `take` works on the current one. */
async function readStream(part: number, take: (rows: Row[]) => void): Promise<void> {
  let next = batch(part, undefined);
  for (;;) {
    const rows = await next;
    if (rows.length === batchSize) {
      const last = rows.at(-1)!;
      next = batch(part, [last.connection_id, last.country_code, last.company_id]);
    }
    take(rows);
    if (rows.length < batchSize) return;
  }
}

/**
 * How `model` would rate the portfolio: the draft evaluated (evaluateRisk, pure) over the inputs stored with each
 * company's current rating, counted per transition from the rating it has now. Pinned companies keep their pin and
 * are counted apart; companies not rated yet are counted apart. Reads in keyset batches over parallel streams, each
 * stream's next batch fetched while the current one is evaluated, so 100,000 companies stay within a few seconds and a
 * few megabytes. Changes nothing.
 */
export async function previewModel(model: RiskModel): Promise<ModelPreview> {
  const moves = new Map<string, RatingTransition>();
  const preview: ModelPreview = { evaluated: 0, unchanged: 0, transitions: [], pinned: 0, pinnedWouldChange: 0, unrated: 0, unreadable: 0 };
  const take = (rows: Row[]) => {
    for (const row of rows) {
      if (!row.rating || !row.inputs) {
        preview.unrated += 1;
        continue;
      }
      let rating: RiskRating;
      try {
        rating = evaluateRisk(model, { ...row.inputs, ...unread }).rating;
      } catch {
        // Facts stored in a shape this version does not read (an older one, or written by hand): one bad row must not
        // hide the whole preview; it is counted apart, and the re-rater rates it again from its file.
        preview.unreadable += 1;
        continue;
      }
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
  };
  await Promise.all(Array.from({ length: streams }, (_, part) => readStream(part, take)));
  preview.transitions = [...moves.values()];
  return preview;
}
