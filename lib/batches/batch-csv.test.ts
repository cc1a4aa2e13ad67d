import { describe, expect, it } from "vitest";
import { batchRowInput, fileDigest, readBatchCsv, readCountry, type BatchCsvRow } from "./batch-csv";
import { batchFileLimits } from "./batch-file-limits.shared";

function rowsOf(text: string): BatchCsvRow[] {
  const reading = readBatchCsv(text);
  if (!reading.ok) throw new Error(reading.error);
  return reading.rows;
}

const problemsOf = (text: string) => rowsOf(text).map((r) => r.problems);

describe("reading a customer list", () => {
  it("takes the columns people have, whatever their case, spacing and aliases, and ignores others", () => {
    const rows = rowsOf(
      "Company Name;Country Code;Registration No.;Case_Ref;Owner;notes\n" +
        "Rheintal Handel GmbH;de;;KYC-1;Ann@Example.com;x\n" +
        ";France;552 100 554;;;\n",
    );
    expect(rows).toEqual([
      {
        rowNumber: 1,
        name: "Rheintal Handel GmbH",
        country: "de",
        countryCode: "DE",
        number: "",
        caseReference: "KYC-1",
        owner: "ann@example.com",
        problems: [],
      },
      { rowNumber: 2, name: "", country: "France", countryCode: "FR", number: "552 100 554", caseReference: "", owner: "", problems: [] },
    ]);
  });

  it("reads a legal name column and a company number column, tab separated, under a byte-order mark", () => {
    expect(rowsOf("\uFEFFlegal name\tcompany number\tcountry\nAlbion Capital Ltd\t00065769\tUnited Kingdom\n")[0]).toMatchObject({
      name: "Albion Capital Ltd",
      number: "00065769",
      countryCode: "GB",
      problems: [],
    });
  });

  it("refuses a file whose header names no country, or neither a name nor a number", () => {
    const noCountry = readBatchCsv("name,number\nA,1\n");
    expect(noCountry.ok).toBe(false);
    expect(!noCountry.ok && noCountry.error).toContain('"country", and "name" or "registration number"');
    expect(readBatchCsv("country,city\nFR,Paris\n").ok).toBe(false);
  });

  it("says what is wrong with each row in words", () => {
    expect(
      problemsOf(
        "name,country,number,case reference,owner\n" +
          "Acme,,,,\n" +
          "Acme,Atlantis,,,\n" +
          ",FR,,,\n" +
          `Acme,FR,,${"x".repeat(501)},\n` +
          "Acme,FR,,,not-an-email\n" +
          "A,FR,,,\n" +
          "A,FR,123,,\n",
      ),
    ).toEqual([
      ["The country is missing."],
      ['Unknown country "Atlantis": write a country the registry covers, as a name (France) or a two-letter code (FR).'],
      ["The row has neither a company name nor a registration number."],
      ["A case reference is at most 500 characters; this one has 501."],
      ['The owner "not-an-email" is not an email address.'],
      ['The name "A" is too short to search: at least 2 characters.'],
      [],
    ]);
  });

  it("reads back a cell the console's export guarded against formulas", () => {
    expect(rowsOf("name,country\n'=Acme,FR\n")[0]!.name).toBe("=Acme");
  });

  it("bounds the row count and the size, with a message", () => {
    const header = "name,country\n";
    const many = header + "Acme,FR\n".repeat(batchFileLimits.maxRows + 1);
    expect(readBatchCsv(many)).toEqual({
      ok: false,
      error: "The file has 5,001 rows; a list takes at most 5,000. Split it into several files.",
    });
    expect(readBatchCsv(header + "Acme,FR\n".repeat(batchFileLimits.maxRows)).ok).toBe(true);
    const large = header + `${"x".repeat(1000)},FR\n`.repeat(2200);
    expect(readBatchCsv(large)).toEqual({ ok: false, error: "The file is 2.1 MB; a list takes at most 2 MB." });
  });

  it("refuses an empty file and a header with no rows", () => {
    expect(readBatchCsv("\n\n")).toEqual({ ok: false, error: "The file has no rows." });
    expect(readBatchCsv("name,country\n")).toEqual({ ok: false, error: "The file has a header row but no rows under it." });
  });

  it("numbers rows from 1 under the header, skipping blank lines", () => {
    expect(rowsOf("name,country\n\nAcme,FR\n\nBeta,DE\n").map((r) => r.rowNumber)).toEqual([1, 2]);
  });
});

describe("countries", () => {
  it("reads codes, the registry's names and common aliases, without case or accents", () => {
    expect(["fr", "FRANCE", "united kingdom", "UK", "Deutschland", "Czechia", "Czech Republic", "Atlantis", "ZZ"].map(readCountry)).toEqual(
      ["FR", "FR", "GB", "GB", "DE", "CZ", "CZ", undefined, undefined],
    );
  });
});

describe("what a batch stores", () => {
  it("keeps only the cells the row gave, with the country as a code", () => {
    const [row] = rowsOf("name,country,number,owner\nAcme SA,France,,\n");
    expect(batchRowInput(row!)).toEqual({ name: "Acme SA", countryCode: "FR" });
  });

  it("digests the file as SHA-256 hex, the same text the same digest", async () => {
    expect(await fileDigest("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await fileDigest("abc\n")).not.toBe(await fileDigest("abc"));
  });
});
