import "server-only";
/**
 * Reading a customer list (name or registration number, country, case reference, owner) into batch rows, each with
 * what is wrong with it, before anything is stored or sent. Pure: the import's server actions read
 * the file with it, the import page quotes its limits. Whether an owner is a user of the console is the server's
 * check (batch-import.ts).
 */
import Papa from "papaparse";
import { unguardFormula } from "@/lib/csv/formula-guard.shared";
import { caseReferenceProblem } from "@/lib/forms/case-reference.shared";
import { countryNames, isRegistryCountry, registryCountries, type RegistryCountry } from "@/lib/registry/countries.shared";
import { searchMinQueryLength } from "@/lib/registry/schemas.shared";
import { batchFileLimits, fileTooLarge, type BatchColumn } from "./batch-file-limits.shared";

/** Header names people use for each column, compared without case, spaces, dots, dashes or underscores. */
const headerAliases: Record<BatchColumn, readonly string[]> = {
  name: ["name", "company name", "company", "legal name", "business name", "customer name", "entity name"],
  country: ["country", "country code", "jurisdiction", "country of registration"],
  number: [
    "registration number",
    "number",
    "company number",
    "registration no",
    "reg no",
    "registration id",
    "company id",
    "id",
    "registry number",
  ],
  caseReference: ["case reference", "case ref", "reference", "case"],
  owner: ["owner", "owner email", "email", "assigned to"],
};

const headerKey = (cell: string) => cell.replace(/[\s_.\-#]+/g, "").toLowerCase();

const headerNames = new Map<string, BatchColumn>(
  (Object.entries(headerAliases) as [BatchColumn, readonly string[]][]).flatMap(([column, aliases]) =>
    aliases.map((alias) => [headerKey(alias), column] as const),
  ),
);

const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Country names besides the registry's own (countries.shared.ts) that lists commonly carry. */
const countryAliases: Record<string, RegistryCountry> = {
  uk: "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  deutschland: "DE",
  "czech republic": "CZ",
  "the netherlands": "NL",
  holland: "NL",
  "republic of ireland": "IE",
  schweiz: "CH",
  suisse: "CH",
  "russian federation": "RU",
  bvi: "VG",
};

const countryByName = new Map<string, RegistryCountry>([
  ...registryCountries.map((code) => [fold(countryNames[code]), code] as const),
  ...Object.entries(countryAliases),
]);

/** A country as written in a list ("fr", "France", "United Kingdom", "UK") as the registry's code, or undefined. */
export function readCountry(written: string): RegistryCountry | undefined {
  const code = written.trim().toUpperCase();
  if (isRegistryCountry(code)) return code;
  return countryByName.get(fold(written));
}

export type BatchCsvRow = {
  /** The row's place in the list: 1 is the first row under the header. */
  rowNumber: number;
  name: string;
  /** The country as written. */
  country: string;
  /** The registry's code for it, when known. */
  countryCode: RegistryCountry | undefined;
  number: string;
  caseReference: string;
  owner: string;
  /** What is wrong with the row, in words; empty when it can be matched. */
  problems: string[];
};

export type BatchCsvReading = { ok: true; rows: BatchCsvRow[]; columns: BatchColumn[] } | { ok: false; error: string };

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === "");

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function guessDelimiter(csv: string): string {
  return Papa.parse(csv, { preview: 10, skipEmptyLines: "greedy", delimitersToGuess: [",", ";", "\t"] }).meta.delimiter;
}

const plural = (n: number, one: string) => `${n.toLocaleString("en")} ${one}${n === 1 ? "" : "s"}`;

/** Where each column sits, from the header row. */
function columnPositions(header: string[]): Record<BatchColumn, number> | { error: string } {
  const positions: Record<BatchColumn, number> = { name: -1, country: -1, number: -1, caseReference: -1, owner: -1 };
  header.forEach((cell, index) => {
    const column = headerNames.get(headerKey(cell));
    if (column && positions[column] < 0) positions[column] = index;
  });
  if (positions.country < 0 || (positions.name < 0 && positions.number < 0)) {
    return {
      error: `The first row must name the columns: "country", and "name" or "registration number" (or both); "case reference" and "owner" are optional. It has: ${header.join(", ") || "nothing"}.`,
    };
  }
  return positions;
}

/** The problems of one row as read (the owner's account aside). */
function rowProblems(row: Omit<BatchCsvRow, "problems">, malformed: string | undefined): string[] {
  const problems: string[] = [];
  if (malformed) problems.push(`The row is not valid CSV: ${malformed}.`);
  if (!row.country) problems.push("The country is missing.");
  else if (!row.countryCode)
    problems.push(`Unknown country "${row.country}": write a country the registry covers, as a name (France) or a two-letter code (FR).`);
  if (!row.name && !row.number) problems.push("The row has neither a company name nor a registration number.");
  else if (!row.number && Array.from(row.name).length < searchMinQueryLength)
    problems.push(`The name "${row.name}" is too short to search: at least ${searchMinQueryLength} characters.`);
  const caseReference = caseReferenceProblem(row.caseReference);
  if (caseReference) problems.push(caseReference);
  if (row.owner && !emailPattern.test(row.owner)) problems.push(`The owner "${row.owner}" is not an email address.`);
  return problems;
}

/** The list's rows, each with its problems, or why the file as a whole cannot be read. */
export function readBatchCsv(text: string): BatchCsvReading {
  const tooLarge = fileTooLarge(new TextEncoder().encode(text).length);
  if (tooLarge) return { ok: false, error: tooLarge };
  const csv = text.replace(/^\uFEFF/, "");
  const parsed = Papa.parse<string[]>(csv, { delimiter: guessDelimiter(csv) });
  const records = parsed.data.map((cells, index) => ({ cells, index })).filter((r) => !isBlank(r.cells));
  if (records.length === 0) return { ok: false, error: "The file has no rows." };
  const positions = columnPositions(records[0]!.cells);
  if ("error" in positions) return { ok: false, error: positions.error };
  const data = records.slice(1);
  if (data.length === 0) return { ok: false, error: "The file has a header row but no rows under it." };
  if (data.length > batchFileLimits.maxRows) {
    return {
      ok: false,
      error: `The file has ${plural(data.length, "row")}; a list takes at most ${batchFileLimits.maxRows.toLocaleString("en")}. Split it into several files.`,
    };
  }
  const malformed = new Map(parsed.errors.filter((e) => e.type === "Quotes" && e.row !== undefined).map((e) => [e.row!, e.message]));
  const cell = (cells: string[], position: number) => (position < 0 ? "" : unguardFormula((cells[position] ?? "").trim()));
  const rows = data.map(({ cells, index }, i): BatchCsvRow => {
    const country = cell(cells, positions.country);
    const read = {
      rowNumber: i + 1,
      name: cell(cells, positions.name),
      country,
      countryCode: country ? readCountry(country) : undefined,
      number: cell(cells, positions.number),
      caseReference: cell(cells, positions.caseReference),
      owner: cell(cells, positions.owner).toLowerCase(),
    };
    return { ...read, problems: rowProblems(read, malformed.get(index)) };
  });
  const columns = (Object.keys(positions) as BatchColumn[]).filter((c) => positions[c] >= 0);
  return { ok: true, rows, columns };
}

/** The row as a batch stores it (batch_rows.input): only what the file gave. */
export function batchRowInput(row: BatchCsvRow): Record<string, string> {
  const input: Record<string, string> = {};
  if (row.name) input.name = row.name;
  input.countryCode = row.countryCode ?? row.country;
  if (row.number) input.number = row.number;
  if (row.caseReference) input.caseReference = row.caseReference;
  if (row.owner) input.owner = row.owner;
  return input;
}

/** The file's SHA-256 in hex: the same file uploaded again opens the batch it started. */
export async function fileDigest(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}
