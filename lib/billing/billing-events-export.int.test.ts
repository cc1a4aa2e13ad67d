import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { billingEvents } from "@/db/schema";
import { storeSandboxConnection } from "@/test/stored-connection";
import { billingEventCsvBatches } from "./billing-events-export";

let connection: string;

/** Stores a delivery of event `id` for `connectionId`, received at `receivedAt`. */
const deliver = (connectionId: string, id: string, receivedAt: string) =>
  db()
    .insert(billingEvents)
    .values({
      connectionId,
      messageId: `msg_${id}`,
      type: "billing.notification",
      kind: "high_usage",
      receivedAt: new Date(receivedAt),
      payload: {
        type: "billing.notification",
        id,
        kind: "high_usage",
        identifier: "warning",
        accountId: "acct",
        workspaceId: "ws-1",
        dedupKey: `k-${id}`,
        firedAt: receivedAt,
        payload: {},
        emailSent: true,
        webhookSent: true,
      },
    });

describe("billingEventCsvBatches", () => {
  beforeAll(async () => {
    connection = await storeSandboxConnection({ webhookSecret: "whsec_export", name: "Export" });
    const other = await storeSandboxConnection({ webhookSecret: "whsec_other", name: "Other" });
    await deliver(connection, "e-1", "2026-03-01T10:00:00Z");
    // Two received at the same instant: the later stored comes first.
    await deliver(connection, "e-2", "2026-03-01T11:00:00Z");
    await deliver(connection, "e-3", "2026-03-01T11:00:00Z");
    await deliver(other, "e-other", "2026-03-01T10:30:00Z");
  });

  it("exports the connection's events newest first, paging one query at a time without losing or repeating a row", async () => {
    const exported: string[] = [];
    for await (const batch of billingEventCsvBatches(connection, { kind: "", workspace: "" }, 1))
      exported.push(...batch.map((cells) => cells[0]!));
    expect(exported).toEqual(["e-3", "e-2", "e-1"]);
  });
});
