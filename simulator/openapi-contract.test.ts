import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSimulator } from "./test-harness";

// The vendor's OpenAPI lives beside the project (shared/reference), not in it: without it, say so and skip.
const openApiFile = path.resolve(import.meta.dirname, "../../shared/reference/vendor-openapi.json");
const present = existsSync(openApiFile);

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

describe.skipIf(!present)("simulator answers match the vendor's OpenAPI (skipped: shared/reference/vendor-openapi.json is absent)", () => {
  let sim: Awaited<ReturnType<typeof startTestSimulator>>;
  const ajv = new Ajv({ strict: false, validateFormats: false, validateSchema: false, allErrors: true });
  beforeAll(async () => {
    // The OpenAPI declares `identifiers` as oneOf two open object shapes, which every object matches twice:
    // as written it accepts nothing. Its oneOfs are read as anyOf.
    const text = readFileSync(openApiFile, "utf8").replaceAll('"oneOf"', '"anyOf"');
    ajv.addSchema(JSON.parse(text), "openapi");
    sim = await startTestSimulator({ walletCredits: 10_000 });
  });
  afterAll(() => sim?.close());

  function check(method: string, route: string, status: number, body: unknown) {
    const ref = `openapi#/${pointer("paths", route, method, "responses", String(status), "content", "application/json", "schema")}`;
    const validate = ajv.compile({ $ref: ref });
    const ok = validate(body);
    expect(ok, `${method.toUpperCase()} ${route} ${status}: ${ajv.errorsText(validate.errors?.slice(0, 5))}`).toBe(true);
  }

  it("search, pricing and onboarding", async () => {
    const search = await sim.call("GET", "/v2/search?country=FR&query=Holding");
    check("get", "/v2/search", 200, search.json);
    check("get", "/v2/pricing", 200, (await sim.call("GET", "/v2/pricing?countryCode=DE")).json);
    check(
      "post",
      "/v2/onboarding",
      200,
      (await sim.call("POST", "/v2/onboarding", { id: search.json[0].id, countryCode: "FR", dataPoints: ["companyProfile"] })).json,
    );
  });

  it("company requests, while running and when complete", async () => {
    const id = (await sim.call("GET", "/v2/search?country=DE&query=GmbH")).json[0].id;
    const created = await sim.call("POST", "/v2/company", {
      id,
      countryCode: "DE",
      dataPoints: [
        "company",
        "legalRepresentatives",
        "ultimateBeneficialOwners",
        "shareholders",
        "subsidiaries",
        "establishments",
        "otherKeyPersons",
        "graph",
        "availableDocuments",
      ],
    });
    check("post", "/v2/company", 200, created.json);
    await sim.call("POST", "/_sim/advance", { seconds: 10 });
    check("get", "/v2/company/{requestId}", 200, (await sim.call("GET", `/v2/company/${created.json.request.requestId}`)).json);
  });

  it("monitors and their logs", async () => {
    const created = await sim.call("POST", "/v2/monitors", { companyId: "552100554", countryCode: "FR", metadata: { case: "1" } });
    check("post", "/v2/monitors", 201, created.json);
    check("get", "/v2/monitors", 200, (await sim.call("GET", "/v2/monitors?first=5")).json);
    check("get", "/v2/monitors/{id}", 200, (await sim.call("GET", `/v2/monitors/${created.json.id}`)).json);
    await sim.call("POST", "/_sim/advance", { seconds: 2 * 24 * 3600 });
    check("get", "/v2/monitors/{id}/logs", 200, (await sim.call("GET", `/v2/monitors/${created.json.id}/logs`)).json);
  });

  // PATCH /v2/workspaces/{name} has no response schema in the OpenAPI: nothing to check there.
  it("billing notifications", async () => {
    const workspaceId = (await sim.call("GET", "/v2/workspaces")).json[0].id;
    const overridePath = `/v2/billing/notifications/workspaces/${workspaceId}/config`;
    check(
      "patch",
      "/v2/billing/notifications/workspaces/{workspaceId}/config",
      200,
      (await sim.call("PATCH", overridePath, { highUsageTiers: [{ tier: "warning", cents: 100 }] })).json,
    );
    check("get", "/v2/billing/notifications/recent", 200, (await sim.call("GET", "/v2/billing/notifications/recent?limit=5")).json);
    check("delete", "/v2/billing/notifications/workspaces/{workspaceId}/config", 200, (await sim.call("DELETE", overridePath)).json);
  });

  // GET and POST /v2/workspaces and GET /v2/workspaces/usage have no response schema in the OpenAPI either.
  it("vendor-documented balance and notification settings", async () => {
    const workspaceId = (await sim.call("GET", "/v2/workspaces")).json[0].id;
    check("get", "/v2/billing/balance", 200, (await sim.call("GET", "/v2/billing/balance")).json);
    check("get", "/v2/billing/notifications/config", 200, (await sim.call("GET", "/v2/billing/notifications/config")).json);
    check(
      "patch",
      "/v2/billing/notifications/config",
      200,
      (await sim.call("PATCH", "/v2/billing/notifications/config", { globalHighUsageEnabled: true })).json,
    );
    await sim.call("PATCH", `/v2/billing/notifications/workspaces/${workspaceId}/config`, { highUsagePeriodMinutes: 30 });
    check(
      "get",
      "/v2/billing/notifications/workspaces/{workspaceId}/config",
      200,
      (await sim.call("GET", `/v2/billing/notifications/workspaces/${workspaceId}/config`)).json,
    );
  });
});
