import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests } from "@/db/schema";
import { storeSandboxConnection } from "@/test/stored-connection";
import { chooseBaseline } from "./company-snapshots";

let connectionId = "";
const company = () => ({ connectionId, countryCode: "GB", companyId: "BASELINE" });

describe("the baseline a new request is compared with, when none was marked reviewed", () => {
  beforeAll(async () => {
    connectionId = await storeSandboxConnection();
    const request = (requestId: string, createdAt: string) => ({
      requestId,
      origin: "console" as const,
      ...company(),
      version: 1,
      createdAt: new Date(createdAt),
    });
    await db()
      .insert(companyRequests)
      .values([
        request("req_before", "2026-01-01T00:00:00Z"),
        request("req_new", "2026-02-01T00:00:00Z"),
        request("req_after", "2026-03-01T00:00:00Z"),
      ]);
  });

  it("is the company's latest request ordered before the new one, not one ordered after it", async () => {
    expect(await chooseBaseline(company(), "req_new")).toEqual({ requestId: "req_before", version: 1, reviewed: false });
  });

  it("is the company's latest request when the new one is not stored yet", async () => {
    expect(await chooseBaseline(company(), "req_unstored")).toEqual({ requestId: "req_after", version: 1, reviewed: false });
  });
});
