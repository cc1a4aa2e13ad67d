import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../lib/registry/schemas.shared";
import { defaultWorkspaceId } from "./state";
import { startTestSimulator } from "./test-harness";
import { vendorEndpoints } from "./vendor-endpoints";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());

const bodies: Record<string, unknown> = {
  "PATCH /v2/billing/notifications/config": { lowBalanceEnabled: true },
  "POST /v2/workspaces": { name: "branch-paris", legalName: "Acme Paris SAS" },
};
// POST /v2/workspaces (listed before DELETE) creates the workspace that DELETE /v2/workspaces/{name} then deletes.
const concrete = (path: string) => path.replace("{workspaceId}", defaultWorkspaceId).replace("{name}", "branch-paris");
const call = (method: string, path: string) => sim.call(method, concrete(path), bodies[`${method} ${path}`]);

describe("the vendor-documented endpoints switch", () => {
  it("answers every listed endpoint while on, 404 as an unknown route while off, and again once back on", async () => {
    for (const { method, path } of vendorEndpoints) expect((await call(method, path)).status, `${method} ${path}`).toBeLessThan(300);

    expect((await sim.call("POST", "/v2/workspaces", { name: "kept-while-off", legalName: "Kept SAS" })).status).toBe(201);
    expect((await sim.call("PUT", "/_sim/vendor-endpoints", { enabled: false })).json).toEqual({ enabled: false });
    const unknownRoute = (method: string, path: string) => ({
      statusCode: 404,
      error: { code: "not_found", message: `No endpoint ${method} ${path}.` },
    });
    expect((await sim.call("GET", "/v2/no-such-endpoint")).json).toEqual(unknownRoute("GET", "/v2/no-such-endpoint"));
    for (const { method, path } of vendorEndpoints) {
      const answer = await call(method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(errorBodySchema.parse(answer.json)).toEqual(unknownRoute(method, concrete(path)));
    }
    // The spec's endpoints beside them still answer.
    expect((await sim.call("GET", "/v2/billing/notifications/recent")).status).toBe(200);
    expect((await sim.call("PATCH", `/v2/billing/notifications/workspaces/${defaultWorkspaceId}/config`, {})).status).toBe(200);
    expect((await sim.call("PATCH", "/v2/workspaces/default", { legalName: "Acme SE" })).status).toBe(200);

    // DELETE /v2/workspaces/{name} is vendor-documented too: while off it deletes nothing.
    expect((await sim.call("DELETE", "/v2/workspaces/kept-while-off")).json).toEqual(
      unknownRoute("DELETE", "/v2/workspaces/kept-while-off"),
    );

    await sim.call("PUT", "/_sim/vendor-endpoints", { enabled: true });
    expect((await sim.call("GET", "/v2/billing/balance")).status).toBe(200);
    expect((await sim.call("GET", "/v2/workspaces")).json.map((w: { name: string }) => w.name)).toContain("kept-while-off");
  });

  it("is on again after /_sim/reset, and refuses a body without a boolean", async () => {
    await sim.call("PUT", "/_sim/vendor-endpoints", { enabled: false });
    await sim.call("POST", "/_sim/reset");
    expect((await sim.call("GET", "/_sim/vendor-endpoints")).json).toEqual({ enabled: true });
    expect((await sim.call("GET", "/v2/workspaces")).status).toBe(200);
    expect((await sim.call("PUT", "/_sim/vendor-endpoints", { enabled: "no" })).status).toBe(400);
  });
});
