import { describe, expect, it } from "vitest";
import { csvHeaderLine, csvLine } from "@/lib/csv/csv-writer";
import { auditCsvCells, auditCsvHeader } from "./audit-csv";

const auditCsvLine = (row: Parameters<typeof auditCsvCells>[0]) => csvLine(auditCsvCells(row));

describe("audit CSV", () => {
  const at = new Date("2026-11-22T10:00:00.000Z");

  it("quotes every cell and doubles quotes", () => {
    expect(auditCsvLine({ at, actorEmail: "a@b.c", action: "user.created", target: 'say "hi"', details: { role: "admin" } })).toBe(
      '"2026-11-22T10:00:00.000Z","a@b.c","user.created","say ""hi""","{""role"":""admin""}"\r\n',
    );
  });

  it("defuses spreadsheet formulas typed into a sign-in email", () => {
    const line = auditCsvLine({ at, actorEmail: '=HYPERLINK("x")', action: "auth.sign_in_failed", target: "+1", details: {} });
    expect(line).toContain(`"'=HYPERLINK(""x"")"`);
    expect(line).toContain(`"'+1"`);
  });

  it("writes an empty cell for a missing target", () => {
    expect(auditCsvLine({ at, actorEmail: "system", action: "user.created", target: null, details: {} })).toContain(',"",');
  });

  it("writes the file as before the streamed export: a bare header, then one quoted line per row, CRLF after each", () => {
    const rows = [
      { at, actorEmail: "a@b.c", action: "user.created" as const, target: "x@y.z", details: { role: "auditor" } },
      { at, actorEmail: "system", action: "user.deactivated" as const, target: null, details: {} },
    ];
    expect(csvHeaderLine(auditCsvHeader) + rows.map(auditCsvLine).join("")).toBe(
      "time_utc,actor,action,target,details\r\n" +
        '"2026-11-22T10:00:00.000Z","a@b.c","user.created","x@y.z","{""role"":""auditor""}"\r\n' +
        '"2026-11-22T10:00:00.000Z","system","user.deactivated","","{}"\r\n',
    );
  });
});
