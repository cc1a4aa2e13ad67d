// Search: several sources finishing at different (deterministic) times, each with its results.
// Number searches resolve references (references.ts); name searches look through a deterministic
// directory of companies per country, whose names are exactly those generateCompany gives.
import type { RegistryCountry } from "../../lib/registry/countries.shared";
import type { Address, MatchReason, SearchResult } from "../../lib/registry/schemas.shared";
import { romanizeFor, romanizeWordFor } from "./country-profiles";
import { identifierFormats } from "./identifiers";
import { companyIdentity, type CompanyIdentity } from "./identity";
import { createRng } from "./random";
import { resolveReference, type ReferenceMatch } from "./references";
import { asSpecialSearchQuery, specialCompanyIds } from "./special-ids";
import { deliverySpecialIds, errorSpecialIds, monitorSpecialIds } from "../special-errors";

export interface SearchSource {
  name: string;
  delayMs: number;
  results: SearchResult[];
}

export interface SearchOutcome {
  sources: SearchSource[];
}

export interface SearchOptions {
  /** Romanize names and addresses (native-script countries). */
  transliterate?: boolean;
}

const sourceNames = ["registry-index", "registry-live", "lei-index"] as const;
const directorySize = 1500;
const manyResultsCount = 3000;
const nameResultLimit = 25;

const directories = new Map<RegistryCountry, CompanyIdentity[]>();

/** The deterministic directory of a country's companies searched by name (built once, then cached). */
export function directory(country: RegistryCountry): CompanyIdentity[] {
  const cached = directories.get(country);
  if (cached) return cached;
  const rng = createRng(country, "directory");
  const format = identifierFormats[country];
  const list = Array.from({ length: directorySize }, () => companyIdentity(country, format.generate(rng)));
  directories.set(country, list);
  return list;
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[«»"'.,()]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

function romanizedAddress(country: RegistryCountry, address: Address): Address {
  const out: Address = { ...address };
  for (const key of ["addressLine1", "addressLine2"] as const) {
    const value = address[key];
    if (value) out[key] = romanizeFor(country, value);
  }
  for (const key of ["city", "region"] as const) {
    const value = address[key];
    if (value) out[key] = romanizeWordFor(country, value);
  }
  return out;
}

function toResult(identity: CompanyIdentity, matchReason: MatchReason, options: SearchOptions): SearchResult {
  const transliterate = options.transliterate === true;
  return {
    address: transliterate ? romanizedAddress(identity.country, identity.address) : identity.address,
    id: identity.id,
    legalName: transliterate ? romanizeFor(identity.country, identity.legalName) : identity.legalName,
    countryCode: identity.country,
    matchReason,
    ...(identity.legalNameInEnglish ? { legalNameInEnglish: identity.legalNameInEnglish } : {}),
    ...(identity.transliterations ? { companyNameTransliterations: identity.transliterations } : {}),
  };
}

const rank: Record<string, number> = { id: 0, exactLegalName: 1, partialId: 2, default: 3 };

function distribute(country: RegistryCountry, query: string, results: SearchResult[]): SearchOutcome {
  const rng = createRng(country, query, "delays");
  const delays = [rng.int(50, 300), rng.int(400, 1500), rng.int(200, 900)];
  const buckets: SearchResult[][] = [[], [], []];
  results.forEach((result, index) => {
    const type = result.matchReason.matchType;
    const bucket = type === "id" || type === "exactLegalName" ? 0 : type === "partialId" ? 1 : index % 5 === 4 ? 2 : index % 2;
    buckets[bucket]?.push(result);
  });
  return {
    sources: sourceNames.map((name, i) => ({
      name,
      delayMs: delays[i] as number,
      results: (buckets[i] ?? []).sort((a, b) => (rank[a.matchReason.matchType] ?? 3) - (rank[b.matchReason.matchType] ?? 3)),
    })),
  };
}

const foldedDirectories = new Map<RegistryCountry, { identity: CompanyIdentity; names: string[] }[]>();

/** The directory with each company's searchable names folded once (folding per query cost ~4 ms a search). */
function foldedDirectory(country: RegistryCountry) {
  let found = foldedDirectories.get(country);
  if (!found) {
    found = directory(country).map((identity) => ({
      identity,
      names: [identity.legalName, identity.legalNameInEnglish, ...(identity.transliterations ?? [])]
        .filter((n): n is string => !!n)
        .map(fold),
    }));
    foldedDirectories.set(country, found);
  }
  return found;
}

function nameMatches(country: RegistryCountry, query: string): { identity: CompanyIdentity; exact: boolean }[] {
  const folded = fold(query);
  const tokens = folded.split(" ").filter(Boolean);
  const matches = foldedDirectory(country)
    .map(({ identity, names }) => ({ identity, exact: names.includes(folded), hit: names.some((n) => tokens.every((t) => n.includes(t))) }))
    .filter((m) => m.hit);
  const unique = new Map(matches.map((m) => [m.identity.id, m]));
  return [...unique.values()].sort((a, b) => Number(b.exact) - Number(a.exact)).slice(0, nameResultLimit);
}

/** Similar names when nothing contains the query: a few directory entries chosen by the query. */
function fuzzyMatches(country: RegistryCountry, query: string): CompanyIdentity[] {
  const rng = createRng(country, fold(query), "fuzzy");
  return rng.sample(directory(country), 5);
}

function referenceResults(country: RegistryCountry, matches: ReferenceMatch[], options: SearchOptions): SearchResult[] {
  return matches.map((m) => toResult(companyIdentity(country, m.id), { matchType: m.matchType, identifier: m.identifier }, options));
}

function manyResults(country: RegistryCountry, options: SearchOptions): SearchResult[] {
  const rng = createRng(country, "MANY_RESULTS");
  const format = identifierFormats[country];
  const dir = directory(country);
  return Array.from({ length: manyResultsCount }, (_, i) =>
    toResult(
      i < dir.length ? (dir[i] as CompanyIdentity) : companyIdentity(country, format.generate(rng)),
      { matchType: "default" },
      options,
    ),
  );
}

function matchReasonResults(country: RegistryCountry, options: SearchOptions): SearchResult[] {
  const [a, b, c, d] = directory(country) as [CompanyIdentity, CompanyIdentity, CompanyIdentity, CompanyIdentity];
  const key = identifierFormats[country].key;
  return [
    toResult(a, { matchType: "id", identifier: { [key]: a.id } }, options),
    toResult(b, { matchType: "exactLegalName" }, options),
    toResult(c, { matchType: "partialId", identifier: { [key]: c.id.slice(0, Math.max(2, c.id.length - 3)) } }, options),
    toResult(d, { matchType: "default" }, options),
  ];
}

/**
 * The sandbox's test companies (every special company id: data shapes, delivery, monitors, and the errors a company
 * request produces), each named by its id read as words: OWNERSHIP_DIAMOND is "ownership diamond".
 */
export const testCompanyIds: readonly string[] = [
  ...specialCompanyIds,
  ...Object.keys(deliverySpecialIds),
  ...Object.keys(monitorSpecialIds),
  ...Object.entries(errorSpecialIds)
    .filter(([, error]) => error.where !== "search")
    .map(([id]) => id),
];

/** The identifier key a test company's match reason names. */
export const testCompanyIdentifier = "sandbox test company";

const testCompanyWords = testCompanyIds.map((id) => ({ id, words: id.toLowerCase().split("_") }));

/**
 * Test companies whose name the query gives: the whole id (any case, spaces for underscores) is an `id` match; a
 * query whose every word begins a word of the id (`diamond`, `own dia`, `large`) is a `partialId` match.
 */
function testCompanyMatches(query: string): { id: string; exact: boolean }[] {
  const tokens = fold(query.replace(/_/g, " ")).split(" ").filter(Boolean);
  if (tokens.length === 0) return [];
  return testCompanyWords
    .filter(({ words }) => tokens.every((t) => words.some((w) => w.startsWith(t))))
    .map(({ id, words }) => ({ id, exact: tokens.join(" ") === words.join(" ") }))
    .sort((a, b) => Number(b.exact) - Number(a.exact));
}

function testCompanyResults(country: RegistryCountry, query: string, options: SearchOptions): SearchResult[] {
  return testCompanyMatches(query).map(({ id, exact }) =>
    toResult(companyIdentity(country, id), { matchType: exact ? "id" : "partialId", identifier: { [testCompanyIdentifier]: id } }, options),
  );
}

/** The directory's answer: a typed reference, else names containing the query, else similar names. */
function registerResults(country: RegistryCountry, query: string, options: SearchOptions, fuzzy: boolean): SearchResult[] {
  const references = resolveReference(country, query);
  if (references.length) return referenceResults(country, references, options);
  const byName = nameMatches(country, query);
  if (byName.length) return byName.map((m) => toResult(m.identity, { matchType: m.exact ? "exactLegalName" : "default" }, options));
  const similar = fuzzy && fold(query).length >= 3 && !/\d/.test(query) ? fuzzyMatches(country, query) : [];
  return similar.map((identity) => toResult(identity, { matchType: "default" }, options));
}

export function searchCompanies(country: RegistryCountry, query: string, options: SearchOptions = {}): SearchOutcome {
  const special = asSpecialSearchQuery(query);
  if (special === "NO_RESULTS") return distribute(country, query, []);
  if (special === "MANY_RESULTS") return distribute(country, query, manyResults(country, options));
  if (special === "MATCH_REASONS") return distribute(country, query, matchReasonResults(country, options));
  // Test companies first (what a tester typing "diamond" looks for); similar names only when nothing matched at all.
  const tests = testCompanyResults(country, query, options);
  const found = [...tests, ...registerResults(country, query, options, tests.length === 0)];
  const unique = [...new Map(found.map((r) => [r.id, r])).values()];
  return distribute(country, query, unique);
}

/** All results of a search, in source order (what a non-streamed search returns). */
export function allResults(outcome: SearchOutcome): SearchResult[] {
  return outcome.sources.flatMap((s) => s.results);
}
