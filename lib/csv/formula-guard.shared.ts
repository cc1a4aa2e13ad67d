/**
 * The spreadsheet-formula guard of the console's CSV files. A cell starting with one of = + - @ tab CR is written
 * with a leading ' so a spreadsheet shows it instead of running it as a formula; a file the console reads back
 * (the monitors import takes the monitors export) drops that ' again, so a round trip keeps the text.
 */

// papaparse's own `escapeFormulae: true` pattern stops at a line break, so it would let "=HYPERLINK(…)\nx"
// through; this one looks at the first character only.
export const formulaStart = /^[=+\-@\t\r]/;

/** A cell's text as it was before the guard: "'=1" reads as "=1"; any other text is kept. */
export function unguardFormula(cell: string): string {
  return cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell;
}
