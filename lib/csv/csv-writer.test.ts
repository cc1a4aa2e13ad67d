import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvDocument, csvHeaderLine, csvLine } from "./csv-writer";

describe("the CSV writer", () => {
  it("quotes every cell, doubles quotes and ends each line with CRLF", () => {
    expect(csvLine(["a", 'say "hi"', "", "x,y"])).toBe('"a","say ""hi""","","x,y"\r\n');
  });

  it("keeps a line break inside a cell, quoted", () => {
    expect(csvLine(["two\nlines", "b"])).toBe('"two\nlines","b"\r\n');
  });

  it.each(["=SUM(A1)", "+1", "-2", "@cmd", "\tx", "\rx", '=HYPERLINK("http://x")\nsecond line'])(
    "prefixes %j with ' so a spreadsheet does not run it",
    (value) => {
      const line = csvLine([value]);
      expect(line.startsWith(`"'`)).toBe(true);
      expect(Papa.parse<string[]>(line.trimEnd()).data[0]).toEqual([`'${value}`]);
    },
  );

  it("leaves a formula character after the first one alone", () => {
    expect(csvLine(["a=b", "1-2"])).toBe('"a=b","1-2"\r\n');
  });

  it("writes a bare header unless a name needs quotes", () => {
    expect(csvHeaderLine(["country", "company id"])).toBe("country,company id\r\n");
    expect(csvHeaderLine(["a,b"])).toBe('"a,b"\r\n');
  });

  it("writes a document that reads back as written", () => {
    const rows = [
      ["FR", "552 100 554", 'case "7"'],
      ["DE", "HRB 86891", ""],
    ];
    const document = csvDocument(["country", "company id", "case reference"], rows);
    expect(document).toBe('country,company id,case reference\r\n"FR","552 100 554","case ""7"""\r\n"DE","HRB 86891",""\r\n');
    expect(Papa.parse<string[]>(document, { skipEmptyLines: true }).data).toEqual([["country", "company id", "case reference"], ...rows]);
  });
});
