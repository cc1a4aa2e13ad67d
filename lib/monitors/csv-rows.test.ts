import { describe, expect, it } from "vitest";
import { importLimits, isValidRow, readMonitorsCsv, type CsvRow } from "./csv-rows.shared";

function rowsOf(text: string): CsvRow[] {
  const reading = readMonitorsCsv(text);
  if (!reading.ok) throw new Error(reading.error);
  return reading.rows;
}

const errorsOf = (text: string) => rowsOf(text).map((r) => r.errors);

describe("reading a monitors CSV", () => {
  it("reads country, company id and case reference in that order when there is no header row", () => {
    const reading = readMonitorsCsv("FR,552 100 554,KYC-1\r\nde , HRB 86891 ,\r\n");
    expect(reading).toEqual({
      ok: true,
      hasHeader: false,
      rows: [
        { row: 1, country: "FR", companyId: "552 100 554", caseReference: "KYC-1", errors: [] },
        { row: 2, country: "DE", companyId: "HRB 86891", caseReference: "", errors: [] },
      ],
    });
  });

  it("takes the columns from a header row, whatever its case, spacing and order, and ignores other columns", () => {
    const rows = rowsOf("Case Reference;started by;COMPANY ID;Country\nKYC-9;ann@example.com;B123;gb\n");
    expect(rows).toEqual([{ row: 2, country: "GB", companyId: "B123", caseReference: "KYC-9", errors: [] }]);
  });

  it("accepts a header without the optional case reference, and a byte-order mark", () => {
    expect(rowsOf("\uFEFFcompanyId\tcountry\n123\tNL\n")).toEqual([
      { row: 2, country: "NL", companyId: "123", caseReference: "", errors: [] },
    ]);
  });

  it("refuses a header row that does not name the country and the company id", () => {
    expect(readMonitorsCsv("country,registration number\nFR,1\n")).toEqual({
      ok: false,
      error:
        'The header row must name the columns "country" and "company id" ("case reference" is optional); it has: country, registration number.',
    });
  });

  it("names the unknown country", () => {
    expect(errorsOf("XX,1,\n")).toEqual([['Unknown country "XX": use a two-letter code the registry supports, such as FR or DE.']]);
  });

  it("flags an empty country and an empty company id", () => {
    expect(errorsOf(",1\nFR, \n")).toEqual([["The country is empty."], ["The company id is empty."]]);
  });

  it("flags a case reference over 500 characters, counted as characters", () => {
    const ok = "é".repeat(500);
    const long = "é".repeat(501);
    expect(errorsOf(`FR,1,${ok}\nFR,2,${long}\n`)).toEqual([[], ["A case reference is at most 500 characters; this one has 501."]]);
  });

  it("flags a later duplicate of the same country and company id, pointing at the first", () => {
    const rows = rowsOf("country,company id\nFR,1\nDE,1\nfr, 1 \n");
    expect(rows.map((r) => r.errors)).toEqual([[], [], ["Duplicate of row 2: the same country and company id."]]);
    expect(rows.filter(isValidRow).map((r) => r.row)).toEqual([2, 3]);
  });

  it("flags an unclosed quote on its row and numbers rows as the file does, blank lines included", () => {
    const rows = rowsOf('FR,1\n\nDE,"2\n');
    expect(rows.map((r) => r.row)).toEqual([1, 3]);
    expect(rows[1]!.errors).toEqual(["The row is not valid CSV: Quoted field unterminated."]);
  });

  it("keeps each row's errors together", () => {
    expect(errorsOf(`ZZ,,${"x".repeat(501)}\n`)).toEqual([
      [
        'Unknown country "ZZ": use a two-letter code the registry supports, such as FR or DE.',
        "The company id is empty.",
        "A case reference is at most 500 characters; this one has 501.",
      ],
    ]);
  });

  it("refuses an empty file and a header with nothing under it", () => {
    expect(readMonitorsCsv("\r\n \r\n")).toEqual({ ok: false, error: "The file has no rows." });
    expect(readMonitorsCsv("country,company id\r\n")).toEqual({ ok: false, error: "The file has a header row but no rows under it." });
  });

  it(`refuses more than ${importLimits.maxRows} rows`, () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `FR,${i}`).join("\n");
    expect(readMonitorsCsv(`country,company id\n${lines(importLimits.maxRows)}`).ok).toBe(true);
    expect(readMonitorsCsv(lines(importLimits.maxRows + 1))).toEqual({
      ok: false,
      error: "The file has 1,001 rows; an import takes at most 1,000. Split it into several files.",
    });
  });

  it("refuses a file over the size cap before reading it", () => {
    const big = `FR,1,${"x".repeat(importLimits.maxBytes)}`;
    expect(readMonitorsCsv(big)).toEqual({ ok: false, error: "The file is 513 KB; an import takes at most 512 KB." });
  });
});

describe("a cell the CSV writer guarded against formulas", () => {
  it("reads back without the guard's apostrophe; other apostrophes stay", () => {
    expect(rowsOf(`"FR","'-12","'=SUM(A1)"\n"DE","'quoted'","'x"\n`).map((r) => [r.companyId, r.caseReference])).toEqual([
      ["-12", "=SUM(A1)"],
      ["'quoted'", "'x"],
    ]);
  });
});
