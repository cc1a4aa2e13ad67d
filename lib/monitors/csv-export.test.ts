import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvDocument } from "@/lib/csv/csv-writer";
import { monitorCsvCells, monitorsCsvHeader, type ExportedMonitor } from "./csv-export";
import { readMonitorsCsv } from "./csv-rows.shared";

const mirror = (facts: Partial<NonNullable<ExportedMonitor["mirror"]>> = {}): NonNullable<ExportedMonitor["mirror"]> => ({
  caseReference: null,
  startedByEmail: "ann@example.com",
  startedAt: new Date("2026-11-20T09:00:00.000Z"),
  lastCheckAt: null,
  lastFetchStatus: null,
  lastErrorMessage: null,
  deactivatedAt: null,
  deactivationReason: null,
  ...facts,
});

const exported: ExportedMonitor[] = [
  {
    monitor: { id: "mon_1", countryCode: "FR", companyId: "552 100 554", companyName: "Danone, S.A." },
    mirror: mirror({
      caseReference: 'KYC "7", line 1\nline 2',
      lastCheckAt: new Date("2026-11-21T09:00:00.000Z"),
      lastFetchStatus: "error",
      lastErrorMessage: "Register down",
    }),
  },
  {
    monitor: { id: "mon_2", countryCode: "DE", companyId: "HRB 86891", metadata: { caseReference: "=cmd|' /C calc'!A0" } },
    mirror: undefined,
  },
  {
    monitor: { id: "mon_3", countryCode: "GB", companyId: "-00012345" },
    mirror: mirror({ deactivatedAt: new Date("2026-11-22T00:00:00.000Z"), deactivationReason: "disappeared" }),
  },
];

const monitorsCsv = (rows: readonly ExportedMonitor[]) => csvDocument(monitorsCsvHeader, rows.map(monitorCsvCells));

describe("the monitors export", () => {
  it("writes one quoted line per monitor with the console's record beside it", () => {
    const [header, ...lines] = Papa.parse<string[]>(monitorsCsv(exported), { skipEmptyLines: true }).data;
    expect(header).toEqual([
      "country",
      "company id",
      "case reference",
      "company name",
      "monitor id",
      "started by",
      "started at",
      "last check at",
      "last check status",
      "last check error",
      "deactivated at",
      "deactivation reason",
    ]);
    expect(lines[0]).toEqual([
      "FR",
      "552 100 554",
      'KYC "7", line 1\nline 2',
      "Danone, S.A.",
      "mon_1",
      "ann@example.com",
      "2026-11-20T09:00:00.000Z",
      "2026-11-21T09:00:00.000Z",
      "error",
      "Register down",
      "",
      "",
    ]);
    expect(lines[1]!.slice(0, 6)).toEqual(["DE", "HRB 86891", "'=cmd|' /C calc'!A0", "", "mon_2", "started outside this console"]);
    expect(lines[2]!.slice(10)).toEqual(["2026-11-22T00:00:00.000Z", "disappeared"]);
  });

  it("imports as it is: the same countries, company ids and case references, with no row errors", () => {
    const reading = readMonitorsCsv(monitorsCsv(exported));
    expect(
      reading.ok && reading.rows.map(({ country, companyId, caseReference, errors }) => ({ country, companyId, caseReference, errors })),
    ).toEqual([
      { country: "FR", companyId: "552 100 554", caseReference: 'KYC "7", line 1\nline 2', errors: [] },
      { country: "DE", companyId: "HRB 86891", caseReference: "=cmd|' /C calc'!A0", errors: [] },
      { country: "GB", companyId: "-00012345", caseReference: "", errors: [] },
    ]);
  });

  it("imports from its first three columns alone", () => {
    const firstThree = Papa.unparse(
      Papa.parse<string[]>(monitorsCsv(exported), { skipEmptyLines: true }).data.map((cells) => cells.slice(0, 3)),
    );
    const reading = readMonitorsCsv(firstThree);
    expect(reading.ok && reading.rows.map((r) => [r.country, r.companyId, r.caseReference])).toEqual([
      ["FR", "552 100 554", 'KYC "7", line 1\nline 2'],
      ["DE", "HRB 86891", "=cmd|' /C calc'!A0"],
      ["GB", "-00012345", ""],
    ]);
  });
});
