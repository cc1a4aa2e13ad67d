import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import { signInAs, signOut } from "@/test/session";
import { parseIcs } from "@/test/ics-text";
import { deliverCompany } from "@/test/delivered-company";
import { GET } from "./route";

const exportIcs = (query: string) => GET(new NextRequest(`http://127.0.0.1/api/calendar/export?${query}`), undefined);

const company = (countryCode: string, id: string, legalName: string, caseReference: string) =>
  deliverCompany({
    requestId: `req_${id}`,
    countryCode,
    companyId: id,
    caseReference,
    fields: { legalName, statutoryFilings: { accounts: { next: { dueDate: "2099-01-31" } } } },
  });

describe("GET /api/calendar/export", () => {
  beforeAll(async () => {
    await company("GB", "111", "Export One Ltd", "EXP-A");
    await company("IE", "222", "Export Two Teoranta", "EXP-B");
  });

  it("downloads the filtered view as .ics and audits it with the filters and the count", async () => {
    const user = await signInAs("auditor");
    const response = await exportIcs("country=ie&caseReference=exp-b");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="registry-desk-deadlines-\d{4}-\d{2}-\d{2}\.ics"$/);
    const { events } = parseIcs(await response.text());
    expect(events.map((e) => e.SUMMARY!.value)).toEqual(["Annual accounts: Export Two Teoranta (IE 222)"]);
    const [row] = await db().select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(row).toMatchObject({ action: "calendar.exported", details: { country: "IE", caseReference: "exp-b", entries: 1 } });
  });

  it("refuses a malformed filter with a clear message, exporting and auditing nothing", async () => {
    const user = await signInAs("compliance");
    const response = await exportIcs("country=Ireland");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "invalid_input", message: "Country must be a two-letter country code." },
    });
    expect(await db().select().from(auditLog).where(eq(auditLog.actorId, user.id))).toEqual([]);
  });

  it("answers 403 to a role without readCalendar, and 401 when signed out", async () => {
    await signInAs("finance");
    expect((await exportIcs("")).status).toBe(403);
    signOut();
    expect((await exportIcs("")).status).toBe(401);
  });
});
