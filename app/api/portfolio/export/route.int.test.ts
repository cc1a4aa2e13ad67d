import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { portfolioEntries } from "@/db/schema";
import { portfolioCsvHeader } from "@/lib/portfolio/portfolio-csv";
import { signInAs, signOut } from "@/test/session";
import { csvTable, defused, hostileCells } from "@/test/csv-download";
import { storeSandboxConnection } from "@/test/stored-connection";
import { auditDetailsOf } from "@/test/users-fixture";
import { GET } from "./route";

const exportCsv = (query = "") => GET(new NextRequest(`http://localhost/api/portfolio/export${query}`), undefined);

describe("GET /api/portfolio/export", () => {
  beforeAll(async () => {
    const connectionId = await storeSandboxConnection({ webhookSecret: "whsec_x" });
    const due = new Date(Date.now() - 3 * 86_400_000 - 3_600_000);
    await db()
      .insert(portfolioEntries)
      .values([
        ...hostileCells.map((name, i) => ({
          connectionId,
          countryCode: "GB",
          companyId: `H${i}`,
          companyName: name,
          rating: "high" as const,
          score: 60 + i,
          topReasons: ["Liquidated (+40)", '=HYPERLINK("x")'],
          activeFlags: ["liquidated", "accountsOverdue"],
          nextReviewDue: new Date(due.getTime() + i),
        })),
        { connectionId, countryCode: "FR", companyId: "LOW", companyName: "Low SA", rating: "low" as const, score: 0 },
      ]);
  });

  it("refuses a visitor who is not signed in, and a role that cannot read the portfolio", async () => {
    signOut();
    expect((await exportCsv()).status).toBe(401);
    await signInAs("finance");
    expect((await exportCsv()).status).toBe(403);
  });

  it("holds exactly the rows the page's filters select, in words, formula-safe; audited with its filters and rows", async () => {
    const user = await signInAs("auditor");
    const response = await exportCsv("?rating=high&after=ignored");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="registry-desk-portfolio-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { header, lines } = await csvTable(response);
    expect(header).toEqual(portfolioCsvHeader);
    expect(lines.map((l) => l[2])).toEqual(hostileCells.map((_, i) => `H${i}`));
    expect(lines.map((l) => l[0])).toEqual(hostileCells.map(defused));
    expect(lines[0]!.slice(3, 8)).toEqual(["High", "60", "no", "no", `Liquidated (+40) | =HYPERLINK("x")`]);
    expect(lines[0]![12]).toBe("overdue by 3 days");
    expect(lines[0]![15]).toBe("Liquidated | Accounts overdue");
    expect(await auditDetailsOf("portfolio.exported", user.email)).toEqual([{ details: { rating: "high", rows: hostileCells.length } }]);
  });

  it("exports the whole portfolio without filters, an unrated or never-due company in words", async () => {
    await signInAs("compliance");
    const { lines } = await csvTable(await exportCsv());
    expect(lines).toHaveLength(hostileCells.length + 1);
    expect(lines.at(-1)!.slice(0, 4)).toEqual(["Low SA", "FR", "LOW", "Low"]);
    expect(lines.at(-1)![12]).toBe("not scheduled");
  });
});
