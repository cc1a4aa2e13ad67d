import { describe, expect, it } from "vitest";
import { csvLine } from "@/lib/csv/csv-writer";
import type { RequestListRow } from "./list-requests";
import { requestCsvCells, requestsCsvHeader } from "./requests-csv";

const row: RequestListRow = {
  requestId: "req_1",
  origin: "console",
  purpose: "graph_expansion",
  parentRequestId: "req_0",
  countryCode: "FR",
  companyId: "552 100 554",
  companyName: "=Danone",
  caseReference: "KYC-7",
  version: 3,
  complete: false,
  datapoints: { total: 5, final: 2 },
  charged: 12.5,
  orderedBy: "ann@example.com",
  createdAt: "2026-11-20T09:00:00.000Z",
  updatedAt: "2026-11-20T09:05:00.000Z",
};

describe("the requests CSV row", () => {
  it("holds the list's columns in the header's order", () => {
    const cells = requestCsvCells(row);
    expect(cells).toHaveLength(requestsCsvHeader.length);
    expect(Object.fromEntries(requestsCsvHeader.map((name, i) => [name, cells[i]]))).toEqual({
      "request id": "req_1",
      country: "FR",
      "company id": "552 100 554",
      "company name": "=Danone",
      status: "in progress",
      "datapoints final": "2",
      "datapoints total": "5",
      "charged credits": "12.5",
      version: "3",
      origin: "console",
      "ordered by": "ann@example.com",
      "created at": "2026-11-20T09:00:00.000Z",
      "updated at": "2026-11-20T09:05:00.000Z",
      purpose: "Graph expansion",
      "follow-up of": "req_0",
      "case reference": "KYC-7",
    });
  });

  it("leaves what the registry has not reported empty", () => {
    const cells = requestCsvCells({
      ...row,
      countryCode: null,
      companyId: null,
      companyName: null,
      charged: undefined,
      orderedBy: null,
      purpose: null,
      parentRequestId: null,
      caseReference: null,
      complete: true,
    });
    expect([cells[1], cells[2], cells[3], cells[4], cells[7], cells[10], cells[13], cells[14], cells[15]]).toEqual([
      "",
      "",
      "",
      "complete",
      "",
      "",
      "",
      "",
      "",
    ]);
  });

  it("is written through the one writer, so a company name that starts a formula is defused", () => {
    expect(csvLine(requestCsvCells(row))).toContain(`"'=Danone"`);
  });
});
