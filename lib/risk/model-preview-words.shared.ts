/**
 * A draft model's preview (lib/risk/model-preview.ts) and its words: how many companies would go from one rating to
 * another, how many keep theirs, how many are pinned by hand and keep the pin. Pure.
 */
import type { RiskRating } from "./risk-model.shared";
import { riskRatings } from "@/db/vocabulary";
import { label } from "@/lib/vocabulary/words.shared";

export type RatingTransition = { from: RiskRating; to: RiskRating; count: number };

export type ModelPreview = {
  /** Companies whose current rating was evaluated again under the draft. */
  evaluated: number;
  /** Of those, how many keep their rating. */
  unchanged: number;
  /** How many move, per (from, to); only pairs that occur, lowest `from` first. */
  transitions: RatingTransition[];
  /** Companies whose rating is pinned by hand: the pin stays, whatever the draft computes. */
  pinned: number;
  /** Of the pinned, how many would be rated otherwise under the draft were they not pinned. */
  pinnedWouldChange: number;
  /** Portfolio companies with no rating yet: the draft says nothing new about them. */
  unrated: number;
  /** Ratings whose stored facts the draft cannot read (stored in another shape): not counted, and said so. */
  unreadable: number;
};

const companies = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "company" : "companies"}`;
const rating = (value: RiskRating) => label("riskRating", value);

/** The preview as sentences: each transition, then the unchanged, the pinned and the unrated. */
export function previewLines(preview: ModelPreview): string[] {
  if (preview.evaluated + preview.pinned + preview.unrated + preview.unreadable === 0)
    return ["No company has a rating yet: nothing would change."];
  const order = (value: RiskRating) => riskRatings.indexOf(value);
  const moves = [...preview.transitions]
    .sort((a, b) => order(a.from) - order(b.from) || order(a.to) - order(b.to))
    .map((t) => `${companies(t.count)} ${t.count === 1 ? "goes" : "go"} from ${rating(t.from)} to ${rating(t.to)}`);
  const kept = `${companies(preview.unchanged)} ${preview.unchanged === 1 ? "keeps its" : "keep their"} rating`;
  const lines = moves.length ? [...moves, kept] : [`No rating would change: ${kept}`];
  if (preview.pinned > 0) {
    lines.push(
      `${companies(preview.pinned)} pinned by hand keep${preview.pinned === 1 ? "s" : ""} the pin` +
        (preview.pinnedWouldChange > 0 ? ` (${preview.pinnedWouldChange.toLocaleString("en")} would otherwise be rated differently)` : ""),
    );
  }
  if (preview.unrated > 0) lines.push(`${companies(preview.unrated)} not rated yet ${preview.unrated === 1 ? "is" : "are"} not counted`);
  if (preview.unreadable > 0)
    lines.push(
      `${companies(preview.unreadable)} ${preview.unreadable === 1 ? "has" : "have"} a rating whose stored facts this version cannot read: not counted until rated again`,
    );
  return lines;
}
