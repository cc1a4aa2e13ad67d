import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultWorkspaceId, StateStore } from "./state";

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

describe("a state file written before spend and overrides were keyed by workspace UUID", () => {
  it("is read with the workspace's UUID wherever it named the workspace", () => {
    folder = mkdtempSync(path.join(os.tmpdir(), "sim-state-"));
    const file = path.join(folder, "simulator.json");
    const override = { id: "o1", workspaceId: "default", createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" };
    writeFileSync(
      file,
      JSON.stringify({
        wallet: { balance: 50, initial: 100 },
        walletEpoch: 3,
        spends: [{ at: "2026-01-02T00:00:00.000Z", credits: 5, workspaceId: "default" }],
        requests: { req_1: { requestId: "req_1" } },
        workspaces: { default: { id: defaultWorkspaceId, name: "default", uboEnabled: true, isDefault: true } },
        highUsageOverrides: { default: override },
      }),
    );
    const { state } = StateStore.load(file, 100);
    expect(state.spends).toEqual([{ at: "2026-01-02T00:00:00.000Z", credits: 5, workspaceId: defaultWorkspaceId, requestId: null }]);
    expect(state.highUsageOverrides).toEqual({ [defaultWorkspaceId]: { ...override, workspaceId: defaultWorkspaceId } });
    expect(state.requests.req_1!.workspaceId).toBe(defaultWorkspaceId);
    expect(state.workspaces.default!.createdAt).toEqual(expect.any(String));
    expect(state.billingConfig.lowBalanceTiers).toHaveLength(3); // the defaults, where the file had no settings
    expect(state.wallet.balance).toBe(50);
  });
});
