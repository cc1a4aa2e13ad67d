import { describe, expect, it } from "vitest";
import { parseCalendarQuery } from "@/lib/calendar/calendar-query";
import { readMonitorsCsv } from "@/lib/monitors/csv-rows.shared";
import { metadataRowProblems } from "@/lib/monitors/metadata-input.shared";
import { startMonitorInputSchema } from "@/lib/monitors/start-monitor-input";
import { onboardingInputSchema } from "@/lib/orders/onboarding-input.shared";
import { orderInputSchema } from "@/lib/orders/order-input.shared";
import { caseReferenceMax, caseReferenceProblem } from "./case-reference.shared";

// Counted in characters, not UTF-16 units or bytes: "é" is two bytes, the emoji two UTF-16 units.
const atLimit = "é".repeat(caseReferenceMax - 1) + "😀";
const overLimit = `${atLimit}x`;
const tooLong = `A case reference is at most 500 characters; this one has 501.`;

/** Every place that takes a case reference: what it says of one (a list of messages, empty when taken). */
const entryPoints: Record<string, (caseReference: string) => string[]> = {
  order: (caseReference) => {
    const parsed = orderInputSchema.safeParse({ countryCode: "FR", id: "1", dataPoints: ["company"], quotedTotal: 0, caseReference });
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  },
  "fast mode": (caseReference) => {
    const parsed = onboardingInputSchema.safeParse({ countryCode: "FR", id: "1", quotedTotal: 0, caseReference });
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  },
  "monitor (start and edit)": (caseReference) => {
    const metadata = [{ key: "caseReference", value: caseReference }];
    const parsed = startMonitorInputSchema.safeParse({ countryCode: "FR", companyId: "1", metadata });
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  },
  "monitor form, in the browser": (caseReference) => metadataRowProblems([{ key: "caseReference", value: caseReference }])[0] ?? [],
  "monitors CSV import": (caseReference) => {
    const read = readMonitorsCsv(`country,company id,case reference\nFR,1,${caseReference}\n`);
    return read.ok ? read.rows[0]!.errors : [read.error];
  },
};

describe("the case reference: one limit, one message", () => {
  it("is the registry's metadata value limit, 500 characters", () => {
    expect(caseReferenceMax).toBe(500);
    expect(caseReferenceProblem(atLimit)).toBeUndefined();
    expect(caseReferenceProblem(overLimit)).toBe(tooLong);
  });

  it.each(Object.keys(entryPoints))("%s: takes the limit and refuses one character over it, in the same words", (entry) => {
    expect(entryPoints[entry]!(atLimit)).toEqual([]);
    expect(entryPoints[entry]!(overLimit)).toEqual([tooLong]);
  });

  it("lets the calendar filter by a whole case reference", () => {
    expect(parseCalendarQuery({ caseReference: atLimit }, new Date()).problems).toEqual([]);
  });
});
