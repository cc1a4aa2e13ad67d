import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Registry } from "@/lib/connections/registry-for";
import { billingEventsSchema } from "@/lib/registry/schemas.shared";
import { openedRegistry } from "@/test/opened-registry";
import { startTestSimulator } from "../../simulator/test-harness";
import { workspaceBacktest } from "./workspace-backtest";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let registry: Registry;

const draft = {
  enabled: true,
  periodMinutes: 60,
  tiers: [
    { tier: "warning", cents: 500 },
    { tier: "critical", cents: 1_200 },
  ],
};

async function ok(method: string, path: string, body?: unknown) {
  const answer = await sim.call(method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return answer.json;
}

describe("workspaceBacktest against the simulator", () => {
  beforeAll(async () => {
    sim = await startTestSimulator();
    registry = await openedRegistry(sim.baseUrl);
  });
  afterAll(() => sim.close());
  afterEach(() => vi.useRealTimers());

  it("replays the registry's own firing rule: the same fires, at the same times, as the simulator sent", async () => {
    // The registry's clock (in this process) moves only when the test moves it: each charge a second after the last.
    vi.useFakeTimers({ toFake: ["Date"] });
    const workspace = await ok("POST", "/v2/workspaces", { name: "backtest-branch", legalName: "Backtest Branch" });
    await ok("PATCH", `/v2/billing/notifications/workspaces/${workspace.id}/config`, {
      highUsageEnabled: true,
      highUsagePeriodMinutes: draft.periodMinutes,
      highUsageTiers: draft.tiers,
    });
    const spend = (credits: number) => {
      vi.advanceTimersByTime(1_000);
      return ok("POST", "/_sim/spend", { workspace: workspace.id, credits });
    };
    const advanceMinutes = (minutes: number) => ok("POST", "/_sim/advance", { seconds: minutes * 60 });
    await spend(3);
    await advanceMinutes(5);
    await spend(3); // 6.00 in the hour: warning
    await advanceMinutes(10);
    await spend(2); // 8.00: still over warning, no second fire
    await advanceMinutes(61);
    await spend(1); // the hour before held nothing: warning rearmed; 1.00
    await advanceMinutes(1);
    await spend(5); // 6.00: warning again
    await spend(7); // 13.00: critical
    for (let i = 0; i < 4; i++) {
      // 80 minutes more in which the spend just before each charge never drops below either tier (two of these
      // charges are always in the window): no rearm, so no fire, though a clock hour ends on the way.
      await advanceMinutes(20);
      await spend(7);
    }

    const events = billingEventsSchema
      .parse(await ok("GET", "/v2/billing/notifications/recent?limit=200"))
      .filter((e) => e.kind === "high_usage" && e.workspaceId === workspace.id)
      .reverse();
    const fired = (tier: string) => events.filter((e) => e.identifier === tier).map((e) => Date.parse(e.firedAt));
    expect(fired("warning")).toHaveLength(2);
    expect(fired("critical")).toHaveLength(1);

    const { answer, error } = await workspaceBacktest(registry, workspace.id, draft);
    expect(error).toBeUndefined();
    expect(answer!.source).toBe("registry");
    expect(answer!.charges).toBe(10);
    expect(answer!.tiers.map((t) => [t.tier, t.fires])).toEqual([
      ["warning", 2],
      ["critical", 1],
    ]);
    // Each at the charge that caused it (the registry reads its clock twice, for the charge and for the event: the same time here).
    const [warning, critical] = answer!.tiers;
    expect([warning!.first!.atMs, warning!.last!.atMs, critical!.first!.atMs]).toEqual([...fired("warning"), ...fired("critical")]);
    // Highest 20 minutes after the critical fire: 1 + 5 + 7 + 7 + 7.
    expect(answer!.highestCents).toBe(2_700);
  });

  it("answers not_found for a workspace the usage report does not have", async () => {
    const { error } = await workspaceBacktest(registry, "00000000-0000-4000-8000-00000000dead", draft);
    expect(error).toMatchObject({ code: "not_found" });
  });

  it("replays the console's recorded costs when the registry has no usage report", async () => {
    await ok("PUT", "/_sim/vendor-endpoints", { enabled: false });
    try {
      const { answer } = await workspaceBacktest(registry, "any", draft);
      expect(answer).toMatchObject({ source: "recorded", charges: 0 });
    } finally {
      await ok("PUT", "/_sim/vendor-endpoints", { enabled: true });
    }
  });
});
