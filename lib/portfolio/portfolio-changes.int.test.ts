import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyFiles, companyRequests, portfolioEntries } from "@/db/schema";
import { storeSandboxConnection } from "@/test/stored-connection";
import { insertUser } from "@/test/users-fixture";
import { setCustomer } from "./portfolio-changes";

let connectionId = "";
const key = (companyId: string) => ({ connectionId, countryCode: "GB", companyId });
const entryName = async (companyId: string) =>
  (await db().select({ name: portfolioEntries.companyName }).from(portfolioEntries).where(eq(portfolioEntries.companyId, companyId)))[0]
    ?.name;

describe("a portfolio change on a company with no entry yet", () => {
  beforeAll(async () => {
    connectionId = await storeSandboxConnection();
  });

  it("creates the entry named as the company file names the company, else as its newest named request does", async () => {
    const actor = await insertUser(`officer-${crypto.randomUUID()}@example.com`, "compliance");
    const request = (requestId: string, companyId: string, companyName: string | null, createdAt: string) => ({
      requestId,
      connectionId,
      origin: "console" as const,
      countryCode: "GB",
      companyId,
      companyName,
      createdAt: new Date(createdAt),
    });
    await db()
      .insert(companyRequests)
      .values([
        request("r-filed", "FILED", "From a request Ltd", "2026-01-01T00:00:00Z"),
        request("r-old", "REQUESTED", "Old name Ltd", "2026-01-01T00:00:00Z"),
        request("r-new", "REQUESTED", "New name Ltd", "2026-02-01T00:00:00Z"),
        request("r-unnamed", "REQUESTED", null, "2026-03-01T00:00:00Z"),
      ]);
    await db()
      .insert(companyFiles)
      .values({ ...key("FILED"), companyName: "From the file Ltd" });

    for (const companyId of ["FILED", "REQUESTED", "UNKNOWN"])
      expect(await setCustomer(actor, key(companyId), true)).toMatchObject({ ok: true });

    expect(await entryName("FILED")).toBe("From the file Ltd");
    expect(await entryName("REQUESTED")).toBe("New name Ltd");
    expect(await entryName("UNKNOWN")).toBeNull();
  });
});
