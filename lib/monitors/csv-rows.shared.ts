/**
 * Reading a monitors CSV (country, company id, case reference) into rows, each with what is wrong with it, before
 * anything is sent. Pure: the server action parses with it, the import page quotes its limits.
 */
import Papa from "papaparse";
import { unguardFormula } from "@/lib/csv/formula-guard.shared";
import { caseReferenceProblem } from "@/lib/forms/case-reference.shared";
import { isRegistryCountry, type RegistryCountry } from "@/lib/registry/countries.shared";

export const importLimits = {
  /** Well under the 1 MB body Next.js accepts for a server action, with room for the text's JSON encoding. */
  maxBytes: 512 * 1024,
  maxRows: 1_000,
} as const;

/** The columns, in the order a file without a header row has them; also the export's first three columns. */
export const importColumns = ["country", "company id", "case reference"] as const;

type Column = "country" | "companyId" | "caseReference";

/** Header names, compared without case and spaces ("Company ID", "companyId" and "company id" alike). */
const headerNames: Record<string, Column> = {
  country: "country",
  countrycode: "country",
  companyid: "companyId",
  casereference: "caseReference",
};

const headerKey = (cell: string) => cell.replace(/[\s_-]+/g, "").toLowerCase();

export type CsvRow = {
  /** The row's number in the file, counting the header row (what a spreadsheet shows). */
  row: number;
  country: string;
  companyId: string;
  caseReference: string;
  /** Empty when the row can be sent. */
  errors: string[];
};

/** A row with no errors: its country is one the registry knows. */
export type ValidCsvRow = CsvRow & { country: RegistryCountry };

export type CsvReading = { ok: true; rows: CsvRow[]; hasHeader: boolean } | { ok: false; error: string };

export const isValidRow = (row: CsvRow): row is ValidCsvRow => row.errors.length === 0;

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === "");

/** Where each column sits: from the header row when the first row is one, else the documented order. */
function columnPositions(first: string[]): { positions: Record<Column, number>; hasHeader: boolean } | { error: string } {
  const named = first.map((cell) => headerNames[headerKey(cell)]);
  if (named.every((n) => n === undefined)) return { positions: { country: 0, companyId: 1, caseReference: 2 }, hasHeader: false };
  const positions = {
    country: named.indexOf("country"),
    companyId: named.indexOf("companyId"),
    caseReference: named.indexOf("caseReference"),
  };
  if (positions.country < 0 || positions.companyId < 0) {
    return {
      error: `The header row must name the columns "country" and "company id" ("case reference" is optional); it has: ${first.join(", ")}.`,
    };
  }
  return { positions, hasHeader: true };
}

/** Comma, or the semicolon or tab a spreadsheet in another locale writes; guessed on the first rows, blank lines aside. */
function guessDelimiter(csv: string): string {
  return Papa.parse(csv, { preview: 10, skipEmptyLines: "greedy", delimitersToGuess: [",", ";", "\t"] }).meta.delimiter;
}

/** The file's rows, each with its errors, or why the file as a whole cannot be read. */
export function readMonitorsCsv(text: string): CsvReading {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > importLimits.maxBytes) {
    return { ok: false, error: `The file is ${Math.ceil(bytes / 1024)} KB; an import takes at most ${importLimits.maxBytes / 1024} KB.` };
  }
  const csv = text.replace(/^\uFEFF/, ""); // the byte-order mark spreadsheets write
  const parsed = Papa.parse<string[]>(csv, { delimiter: guessDelimiter(csv) });
  const records = parsed.data.map((cells, index) => ({ cells, row: index + 1 })).filter((r) => !isBlank(r.cells));
  if (records.length === 0) return { ok: false, error: "The file has no rows." };

  const layout = columnPositions(records[0]!.cells);
  if ("error" in layout) return { ok: false, error: layout.error };
  const dataRecords = layout.hasHeader ? records.slice(1) : records;
  if (dataRecords.length === 0) return { ok: false, error: "The file has a header row but no rows under it." };
  if (dataRecords.length > importLimits.maxRows) {
    return {
      ok: false,
      error: `The file has ${dataRecords.length.toLocaleString("en")} rows; an import takes at most ${importLimits.maxRows.toLocaleString("en")}. Split it into several files.`,
    };
  }

  // An unclosed quote belongs to one record (papaparse numbers records from 0, counting blank ones).
  const malformed = new Map(parsed.errors.filter((e) => e.type === "Quotes" && e.row !== undefined).map((e) => [e.row! + 1, e.message]));
  const firstRowOf = new Map<string, number>();
  const { positions } = layout;
  // A cell the export guarded against spreadsheet formulas reads back as it was.
  const cell = (cells: string[], position: number) => (position < 0 ? "" : unguardFormula((cells[position] ?? "").trim()));
  const rows = dataRecords.map(({ cells, row }): CsvRow => {
    const country = cell(cells, positions.country).toUpperCase();
    const companyId = cell(cells, positions.companyId);
    const caseReference = cell(cells, positions.caseReference);
    const errors: string[] = [];
    const problem = malformed.get(row);
    if (problem) errors.push(`The row is not valid CSV: ${problem}.`);
    if (!country) errors.push("The country is empty.");
    else if (!isRegistryCountry(country))
      errors.push(`Unknown country "${country}": use a two-letter code the registry supports, such as FR or DE.`);
    if (!companyId) errors.push("The company id is empty.");
    const caseReferenceTooLong = caseReferenceProblem(caseReference);
    if (caseReferenceTooLong) errors.push(caseReferenceTooLong);
    if (country && companyId) {
      const key = `${country}\u0000${companyId}`;
      const earlier = firstRowOf.get(key);
      if (earlier !== undefined) errors.push(`Duplicate of row ${earlier}: the same country and company id.`);
      else firstRowOf.set(key, row);
    }
    return { row, country, companyId, caseReference, errors };
  });
  return { ok: true, rows, hasHeader: layout.hasHeader };
}
