import "server-only";
/**
 * Scoring a customer list's row against the registry's search results: a registration number by identifier, a name
 * against each result's legal name, transliterations and English name (exact, then apart from legal-form words such
 * as GmbH or S.p.A., then words in common), and the decision: matched, ambiguous (candidates for a person to pick) or
 * not found. Pure; batch-matching.ts searches and stores.
 */
import type { BatchCandidate } from "@/db/schema";
import type { SearchResult } from "@/lib/registry/schemas.shared";

/** A name this close or closer can be matched without a person (when no other result comes as close). */
export const matchScore = 0.9;
/** A result this close or closer is shown as a candidate when no result is close enough to match. */
export const candidateScore = 0.5;
/** How far ahead of the next result the best must be to be matched alone. */
const clearLead = 0.04;
/** Candidates listed for a person at most (picked with the keys 1–9). */
export const maxCandidates = 9;

/**
 * Legal-form words, as they read once normalised (lower case, no accents or punctuation, single letters joined:
 * "S.p.A." reads "spa", "Ε.Π.Ε." reads "επε", "Sp. z o.o." reads "sp zoo").
 */
const legalForms = new Set([
  // German-speaking
  ...["gmbh", "mbh", "ag", "kg", "kgaa", "ohg", "eg", "ug", "ev", "se", "gbr", "haftungsbeschrankt"],
  // English-speaking
  ...["ltd", "limited", "llp", "lp", "plc", "llc", "inc", "incorporated", "corp", "corporation", "co", "company", "cic", "pte", "pty"],
  // French, Italian, Spanish, Portuguese
  ...["sa", "sas", "sasu", "sarl", "eurl", "snc", "sca", "scs", "ei", "spa", "srl", "srls", "sapa", "sl", "slu", "sll", "lda", "ltda"],
  // Dutch, Nordic, Baltic
  ...["bv", "nv", "vof", "cv", "ab", "hb", "kb", "oy", "oyj", "as", "asa", "aps", "ivs", "hf", "ehf", "sia", "uab", "ou"],
  // Central and Eastern Europe
  ...[
    "kft",
    "zrt",
    "nyrt",
    "bt",
    "sro",
    "spzoo",
    "zoo",
    "sp",
    "doo",
    "dd",
    "ad",
    "ood",
    "eood",
    "et",
    "srl",
    "ooo",
    "oao",
    "zao",
    "pao",
    "ao",
  ],
  // Greek and Cyrillic scripts
  ...["επε", "αε", "ικε", "οε", "εε", "ооо", "оао", "зао", "пао", "ао", "ип"],
]);

/** Lower case, no accents, no punctuation, single letters joined ("S.p.A." → "spa"), spaces collapsed. */
export function normaliseName(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  const joined: string[] = [];
  let letters = "";
  for (const word of words) {
    if (Array.from(word).length === 1) {
      letters += word;
      continue;
    }
    if (letters) joined.push(letters);
    letters = "";
    joined.push(word);
  }
  if (letters) joined.push(letters);
  return joined.join(" ");
}

/** The name without its legal-form words at either end ("Rheintal Handel GmbH & Co. KG" → "rheintal handel"). */
export function nameCore(name: string): string {
  const words = normaliseName(name).split(" ").filter(Boolean);
  while (words.length > 1 && legalForms.has(words[words.length - 1]!)) words.pop();
  while (words.length > 1 && legalForms.has(words[0]!)) words.shift();
  return words.join(" ");
}

/** A result's names a row's name is compared with, each with how much an exact match on it counts. */
function namesOf(result: SearchResult): { text: string; what: string; exact: number; core: number }[] {
  return [
    { text: result.legalName, what: "legal name", exact: 1, core: 0.95 },
    ...(result.companyNameTransliterations ?? []).map((text) => ({ text, what: "transliterated name", exact: 0.98, core: 0.93 })),
    ...(result.legalNameInEnglish ? [{ text: result.legalNameInEnglish, what: "English name", exact: 0.97, core: 0.92 }] : []),
  ];
}

export type Scored = { score: number; reason: string };

const percent = (score: number) => `${Math.round(score * 100)}%`;

/** How well `name` (as a list gives it) names the company of `result`, with why in words. */
export function scoreName(name: string, result: SearchResult): Scored {
  const wanted = normaliseName(name);
  const wantedCore = nameCore(name);
  const wantedWords = new Set(wantedCore.split(" ").filter(Boolean));
  let best: Scored = { score: 0, reason: "No word in common with the name" };
  for (const candidate of namesOf(result)) {
    let scored: Scored;
    if (normaliseName(candidate.text) === wanted) {
      scored = { score: candidate.exact, reason: `Exact ${candidate.what}` };
    } else if (nameCore(candidate.text) === wantedCore) {
      scored = { score: candidate.core, reason: `Same ${candidate.what} apart from the legal form (“${candidate.text}”)` };
    } else {
      const words = new Set(nameCore(candidate.text).split(" ").filter(Boolean));
      const common = [...wantedWords].filter((w) => words.has(w)).length;
      const dice = wantedWords.size + words.size === 0 ? 0 : (2 * common) / (wantedWords.size + words.size);
      scored = {
        score: Math.round(0.8 * dice * 100) / 100,
        reason: `${common} of ${wantedWords.size} words in common with the ${candidate.what} (“${candidate.text}”)`,
      };
    }
    if (scored.score > best.score) best = scored;
  }
  return best;
}

export type MatchDecision =
  | { state: "matched"; companyId: string; companyName: string; score: number; reason: string }
  | { state: "ambiguous"; candidates: BatchCandidate[] }
  | { state: "not_found"; reason: string };

const candidate = (result: SearchResult, scored: Scored): BatchCandidate => ({
  companyId: result.id,
  legalName: result.legalName,
  score: scored.score,
  reason: scored.reason,
});

/** The best results by score, unique per company. */
function ranked(results: readonly SearchResult[], score: (r: SearchResult) => Scored) {
  const unique = [...new Map(results.map((r) => [r.id, r])).values()];
  return unique.map((result) => ({ result, scored: score(result) })).sort((a, b) => b.scored.score - a.scored.score);
}

/** Matched when one result is close enough and clearly ahead; ambiguous when some come close; else not found. */
export function decideByName(name: string, results: readonly SearchResult[]): MatchDecision {
  if (results.length === 0) return { state: "not_found", reason: `The registry found no company named “${name}” in this country.` };
  const list = ranked(results, (r) => scoreName(name, r));
  const [top, next] = list;
  if (top!.scored.score >= matchScore && (!next || next.scored.score < top!.scored.score - clearLead)) {
    return {
      state: "matched",
      companyId: top!.result.id,
      companyName: top!.result.legalName,
      score: top!.scored.score,
      reason: `${top!.scored.reason} (score ${percent(top!.scored.score)})`,
    };
  }
  const close = list.filter((r) => r.scored.score >= candidateScore).slice(0, maxCandidates);
  if (close.length > 0) return { state: "ambiguous", candidates: close.map((r) => candidate(r.result, r.scored)) };
  return {
    state: "not_found",
    reason: `No company close to “${name}”: the nearest, “${top!.result.legalName}”, scores ${percent(top!.scored.score)} (${candidateScore * 100}% is needed to list it).`,
  };
}

/** A registration number as compared: letters and digits only, upper case ("552 100 554" → "552100554"). */
export const normaliseNumber = (number: string) =>
  number
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}]+/gu, "")
    .toUpperCase();

/** The identifier of a result that equals `number`, as "key: value", or undefined. */
function identifierMatch(number: string, result: SearchResult): string | undefined {
  const wanted = normaliseNumber(number);
  const identifier = result.matchReason.identifier;
  const named = typeof identifier === "string" ? { identifier } : (identifier ?? {});
  for (const [key, value] of Object.entries(named)) if (normaliseNumber(value) === wanted) return `${key}: ${value}`;
  if (normaliseNumber(result.id) === wanted) return `company id: ${result.id}`;
  if (result.matchReason.matchType === "id") return typeof identifier === "string" ? identifier : "the registry's identifier match";
  return undefined;
}

/**
 * A row with a registration number: matched when one result's identifier is the number (a name, if the row has one,
 * picks among several); ambiguous when only part of a number matches; undefined when nothing does (the row's name,
 * if any, is searched next).
 */
export function decideByNumber(number: string, name: string, results: readonly SearchResult[]): MatchDecision | undefined {
  const exact = [...new Map(results.map((r) => [r.id, r])).values()]
    .map((result) => ({ result, identifier: identifierMatch(number, result) }))
    .filter((r) => r.identifier !== undefined);
  if (exact.length === 1) {
    const { result, identifier } = exact[0]!;
    return {
      state: "matched",
      companyId: result.id,
      companyName: result.legalName,
      score: 1,
      reason: `Registration number matches (${identifier})`,
    };
  }
  if (exact.length > 1) {
    if (name) {
      const byName = decideByName(
        name,
        exact.map((e) => e.result),
      );
      if (byName.state === "matched")
        return { ...byName, reason: `Registration number matches several companies; the name picks one: ${byName.reason}` };
    }
    return {
      state: "ambiguous",
      candidates: exact
        .slice(0, maxCandidates)
        .map((e) => candidate(e.result, { score: 1, reason: `Registration number matches (${e.identifier})` })),
    };
  }
  const partial = results.filter((r) => r.matchReason.matchType === "partialId");
  if (partial.length > 0 && !name) {
    return {
      state: "ambiguous",
      candidates: partial
        .slice(0, maxCandidates)
        .map((r) => candidate(r, { score: candidateScore, reason: "Part of the registration number matches" })),
    };
  }
  return undefined;
}
