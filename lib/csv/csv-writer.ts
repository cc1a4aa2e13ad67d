import "server-only";
import Papa from "papaparse";
import { formulaStart } from "./formula-guard.shared";

const cellOptions = { newline: "\r\n", escapeFormulae: formulaStart } as const;

/**
 * One CSV line (CRLF-terminated) with every cell quoted: the console's one way of writing CSV. Every export goes
 * through here, so every export gets the same quoting and the same formula guard.
 */
export function csvLine(cells: readonly string[]): string {
  return Papa.unparse([[...cells]], { ...cellOptions, quotes: true }) + "\r\n";
}

/** A header line: names stay bare unless they need quotes (a comma, a quote, a line break). */
export function csvHeaderLine(names: readonly string[]): string {
  return Papa.unparse([[...names]], { ...cellOptions, quotes: false }) + "\r\n";
}

/** A whole CSV document: the header line, then one quoted line per row. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly string[]>): string {
  let body = csvHeaderLine(header);
  for (const row of rows) body += csvLine(row);
  return body;
}
