import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { monitors } from "@/db/schema";
import { billingWorkspaces } from "@/lib/billing/billing-workspaces";
import { findConnection } from "@/lib/connections/manage-connections";
import { openRegistry, type Registry } from "@/lib/connections/registry-for";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { vaultCoverage } from "./coverage";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let registry: Registry;

const blockedOn = (source: string) => [
  {
    datapoint: "shareholders",
    status: "blocked_missing_credentials",
    message: `Add ${source} credentials to the vault to monitor shareholders.`,
  },
];

describe("vault coverage", () => {
  beforeAll(async () => {
    const started = await startSimulatorWithConnection();
    sim = started.sim;
    registry = (await openRegistry(await findConnection(started.connectionId)))!;
    await sim.call("POST", "/v2/workspaces", { name: "branch", legalName: "Branch" });
    const connectionId = registry.connection.id;
    await db()
      .insert(monitors)
      .values([
        { connectionId, monitorId: "mon_1", countryCode: "FR", companyId: "1", datapointNotices: blockedOn("infogreffe") },
        { connectionId, monitorId: "mon_2", countryCode: "FR", companyId: "2", datapointNotices: blockedOn("infogreffe") },
        {
          connectionId,
          monitorId: "mon_3",
          countryCode: "FR",
          companyId: "3",
          stoppedAt: new Date(),
          datapointNotices: blockedOn("infogreffe"),
        },
      ]);
  });
  afterAll(() => sim.close());

  const coverage = async () => {
    const [workspaces, sources] = await Promise.all([billingWorkspaces(registry), registry.client.vaultSources()]);
    return vaultCoverage(registry, workspaces.value!, sources);
  };

  it("lists each workspace's lacking sources, the live monitors waiting on the default workspace's, and closes a gap once stored", async () => {
    const before = await coverage();
    expect(before.unread).toEqual([]);
    expect(before.rows).toEqual(
      expect.arrayContaining([
        { workspace: "default", sourceKey: "infogreffe", neededByMonitors: 2 },
        { workspace: "default", sourceKey: "handelsregister", neededByMonitors: 0 },
        { workspace: "branch", sourceKey: "infogreffe", neededByMonitors: 0 },
      ]),
    );

    // Stored on the default workspace: the gap closes there, and on the branch, which inherits it.
    await sim.call("PUT", "/v2/workspaces/default/vault/infogreffe", { payload: { email: "ops@example.com", password: "pw" } });
    const after = await coverage();
    expect(after.rows.filter((row) => row.sourceKey === "infogreffe")).toEqual([]);
    expect(after.rows).toContainEqual({ workspace: "branch", sourceKey: "handelsregister", neededByMonitors: 0 });
  });

  it("names a workspace whose vault cannot be read, and still covers the others", async () => {
    const sources = await registry.client.vaultSources();
    const result = await vaultCoverage(registry, [{ name: "no-such-workspace" }, { name: "branch" }], sources);
    expect(result.unread).toEqual([{ workspace: "no-such-workspace", error: expect.objectContaining({ status: 404 }) }]);
    expect(result.rows).toContainEqual({ workspace: "branch", sourceKey: "handelsregister", neededByMonitors: 0 });
  });
});
