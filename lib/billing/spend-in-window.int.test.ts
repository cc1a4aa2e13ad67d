import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Registry } from "@/lib/connections/registry-for";
import { openedRegistry } from "@/test/opened-registry";
import { startTestSimulator } from "../../simulator/test-harness";
import { lastDays, readSpendInWindow } from "./spend-in-window";
import { spendOverview } from "./spend-overview";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let registry: Registry;

async function ok(method: string, path: string, body?: unknown) {
  const answer = await sim.call(method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return answer.json;
}

/**
 * Home's card and the Billing table read spendOverview; Workspaces reads readSpendInWindow. On the same seeded
 * spend they must say the same: per workspace in its high-usage window, and per workspace and in total over 30 days.
 */
describe("spend in the window, as Home, Workspaces and Billing read it", () => {
  let hourly = "";
  let daily = "";

  beforeAll(async () => {
    sim = await startTestSimulator();
    registry = await openedRegistry(sim.baseUrl);
    hourly = (await ok("POST", "/v2/workspaces", { name: "hourly-branch", legalName: "Hourly Branch" })).id;
    daily = (await ok("POST", "/v2/workspaces", { name: "daily-branch", legalName: "Daily Branch" })).id;
    await ok("PATCH", `/v2/billing/notifications/workspaces/${hourly}/config`, { highUsagePeriodMinutes: 60 });
    await ok("PATCH", `/v2/billing/notifications/workspaces/${daily}/config`, { highUsagePeriodMinutes: 1440 });
    await ok("POST", "/_sim/spend", { workspace: hourly, credits: 3 });
    await ok("POST", "/_sim/spend", { workspace: daily, credits: 4.25 });
    await ok("POST", "/_sim/advance", { seconds: 2 * 3600 });
    await ok("POST", "/_sim/spend", { workspace: hourly, credits: 2 });
    await ok("POST", "/_sim/spend", { workspace: daily, credits: 1.5 });
  });
  afterAll(() => sim.close());

  it("agree per workspace in its high-usage window, with the window stated", async () => {
    const overview = await spendOverview(registry);
    const row = (id: string) => overview.workspaces.find((w) => w.workspaceId === id)!;
    expect(row(hourly).inWindow).toMatchObject({ credits: 2, window: { words: "in the last 1 hour" } });
    expect(row(daily).inWindow).toMatchObject({ credits: 5.75, window: { words: "in the last 24 hours" } });
    expect(row(hourly).name).toBe("hourly-branch");
    // Workspaces, asked for the same window, sums the same charges.
    for (const id of [hourly, daily]) {
      const window = row(id).inWindow!.window;
      const read = await readSpendInWindow(registry, window);
      if (read.source !== "registry") throw new Error(`expected the registry's usage, got ${JSON.stringify(read)}`);
      expect(read.workspaces.find((w) => w.workspaceId === id)!.credits).toBe(row(id).inWindow!.credits);
    }
  });

  it("agree over the last 30 days, per workspace and for all workspaces together", async () => {
    const overview = await spendOverview(registry);
    // Made a moment before it is read, as a page makes it: it still ends now, at the registry's clock (2 hours ahead).
    const read = await readSpendInWindow(registry, lastDays(30, Date.now() - 50));
    if (read.source !== "registry") throw new Error(`expected the registry's usage, got ${JSON.stringify(read)}`);
    expect(read.window.words).toBe(overview.range.words);
    for (const workspace of overview.workspaces) {
      expect(read.workspaces.find((w) => w.workspaceId === workspace.workspaceId)!.credits).toBe(workspace.inRange!.credits);
    }
    expect(overview.all.credits).toBe(10.75);
    expect(read.totalCredits).toBe(overview.all.credits);
  });
});
