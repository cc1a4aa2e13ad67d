import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { monitors, registryConnections } from "@/db/schema";
import { findConnection } from "@/lib/connections/manage-connections";
import { openRegistry, type Registry } from "@/lib/connections/registry-for";
import { sealSecret } from "@/lib/secret-box";
import { testApiKey } from "@/simulator/test-harness";
import { startHttpStub } from "@/test/http-stub";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { coverageGaps } from "./coverage-gaps";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let registry: Registry;
let stub: Awaited<ReturnType<typeof startHttpStub>>;
let stubRegistry: Registry;

const blockedShareholders = (source: string) => [
  {
    datapoint: "shareholders",
    status: "blocked_missing_credentials",
    message: `Add ${source} credentials to the vault to monitor shareholders; the other datapoints are monitored now.`,
  },
];

const mirror = (connectionId: string, monitorId: string, values: Partial<typeof monitors.$inferInsert> = {}) =>
  db()
    .insert(monitors)
    .values({ connectionId, monitorId, countryCode: "FR", companyId: monitorId, datapointNotices: [], ...values });

describe("coverage gaps", () => {
  beforeAll(async () => {
    const started = await startSimulatorWithConnection();
    sim = started.sim;
    registry = (await openRegistry(await findConnection(started.connectionId)))!;
    stub = await startHttpStub();
    const [row] = await db()
      .insert(registryConnections)
      .values({ name: "Stub", environment: "sandbox", baseUrl: stub.url, apiKeySealed: sealSecret(testApiKey), apiKeyHint: "sk_dev_…" })
      .returning();
    stubRegistry = (await openRegistry(await findConnection(row!.id)))!;

    const here = registry.connection.id;
    await mirror(here, "mon_fr", {
      companyName: "Société Générale",
      companyId: "552 120 222",
      datapointNotices: blockedShareholders("infogreffe"),
    });
    await mirror(here, "mon_de", { countryCode: "DE", companyId: "HRB 1", datapointNotices: blockedShareholders("handelsregister") });
    await mirror(here, "mon_unknown", {
      companyId: "3",
      datapointNotices: [{ datapoint: "ultimateBeneficialOwners", status: "blocked_missing_credentials", message: "Credentials needed." }],
    });
    await mirror(here, "mon_other_status", {
      companyId: "4",
      datapointNotices: [{ datapoint: "shareholders", status: "some_new_status" }],
    });
    await mirror(here, "mon_clear", { companyId: "5" });
    await mirror(here, "mon_stopped", { companyId: "6", stoppedAt: new Date(), datapointNotices: blockedShareholders("infogreffe") });
    await mirror(here, "mon_deactivated", {
      companyId: "7",
      deactivatedAt: new Date(),
      datapointNotices: blockedShareholders("infogreffe"),
    });
    await mirror(row!.id, "mon_elsewhere", { companyId: "8", datapointNotices: blockedShareholders("infogreffe") });
  });
  afterAll(async () => {
    await stub.close();
    await sim.close();
  });

  it("lists the connection's live monitors with a blocked datapoint, each with the vault source its notice names", async () => {
    expect(await coverageGaps(registry)).toEqual({
      sourcesError: undefined,
      gaps: [
        {
          monitorId: "mon_de",
          countryCode: "DE",
          companyId: "HRB 1",
          companyName: null,
          datapoint: "shareholders",
          message: blockedShareholders("handelsregister")[0]!.message,
          source: "handelsregister",
        },
        {
          monitorId: "mon_unknown",
          countryCode: "FR",
          companyId: "3",
          companyName: null,
          datapoint: "ultimateBeneficialOwners",
          message: "Credentials needed.",
          source: undefined,
        },
        {
          monitorId: "mon_fr",
          countryCode: "FR",
          companyId: "552 120 222",
          companyName: "Société Générale",
          datapoint: "shareholders",
          message: blockedShareholders("infogreffe")[0]!.message,
          source: "infogreffe",
        },
      ],
    });
  });

  it("still lists the gaps when the vault's sources cannot be read, with the source unknown and the reason", async () => {
    stub.json(503, { statusCode: 503, error: { code: "service_unavailable", message: "Try later." } });
    const { gaps, sourcesError } = await coverageGaps(stubRegistry);
    expect(gaps).toEqual([expect.objectContaining({ monitorId: "mon_elsewhere", source: undefined })]);
    expect(sourcesError).toMatchObject({ code: "service_unavailable", message: "Try later." });
  });
});
