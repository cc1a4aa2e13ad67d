import { describe, expect, it } from "vitest";
import type { BatchRowRecord } from "@/db/schema";
import { csvDocument } from "@/lib/csv/csv-writer";
import { readBatchCsv } from "./batch-csv";
import { batchResultCells, batchResultCsvHeader } from "./batch-export";

const row = (values: Partial<BatchRowRecord>): BatchRowRecord => ({
  id: 1,
  batchId: "b",
  rowNumber: 1,
  input: {},
  problems: [],
  matchState: "pending",
  countryCode: "FR",
  companyId: null,
  companyName: null,
  matchReason: null,
  matchScore: null,
  candidates: [],
  datapoints: null,
  ceilingCredits: null,
  outcome: "pending",
  outcomeReason: null,
  intentId: null,
  requestId: null,
  diff: null,
  updatedAt: new Date(),
  ...values,
});

describe("a batch's result as CSV", () => {
  it("writes each row as given, its match and its outcome in words", () => {
    expect(
      batchResultCells(
        row({
          rowNumber: 7,
          input: { name: "Thomas Robert EI", countryCode: "FR", caseReference: "KYC-1" },
          matchState: "duplicate",
          matchReason: "Same company as row 1",
          matchScore: 1,
          companyId: "333213791",
          companyName: "Thomas Robert EI",
          outcome: "skipped",
          outcomeReason: "Duplicate: another row is for the same company",
        }),
      ),
    ).toEqual([
      "Thomas Robert EI",
      "FR",
      "",
      "KYC-1",
      "",
      "7",
      "",
      "Duplicate",
      "Same company as row 1",
      "100%",
      "333213791",
      "Thomas Robert EI",
      "Skipped",
      "Duplicate: another row is for the same company",
      "",
    ]);
  });

  it("guards formulas, and the file imports again as the same rows", () => {
    const document = csvDocument(batchResultCsvHeader, [batchResultCells(row({ input: { name: "=HYPERLINK(1)", caseReference: "+1" } }))]);
    expect(document).toContain(`"'=HYPERLINK(1)","FR","","'+1"`);
    const reading = readBatchCsv(document);
    expect(reading.ok && reading.rows.map((r) => [r.name, r.countryCode, r.caseReference])).toEqual([["=HYPERLINK(1)", "FR", "+1"]]);
  });
});
