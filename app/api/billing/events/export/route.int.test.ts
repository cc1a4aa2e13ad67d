import { and, eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, billingEvents } from "@/db/schema";
import { billingEventsCsvHeader } from "@/lib/billing/billing-events-csv";
import { chooseConnection, signInAs } from "@/test/session";
import { csvTable, defused, hostileCells } from "@/test/csv-download";
import { storeSandboxConnection } from "@/test/stored-connection";
import { GET } from "./route";

const exportCsv = (query = "") => GET(new NextRequest(`http://localhost/api/billing/events/export${query}`), undefined);
const exportsBy = (email: string) =>
  db()
    .select({ target: auditLog.target, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, "billing.events_exported"), eq(auditLog.actorEmail, email)));

/** A webhook delivery of a billing event record, stored as the webhook route stores it. */
const record = (id: string, fields: { kind: string; identifier: string; workspaceId?: string; firedAt: string }) => ({
  id,
  accountId: "acct",
  dedupKey: `k-${id}`,
  payload: { spentCents: 600, thresholdCents: 500 },
  emailSent: true,
  webhookSent: false,
  ...fields,
});

let main = "";

describe("GET /api/billing/events/export", () => {
  beforeAll(async () => {
    main = await storeSandboxConnection({ webhookSecret: "whsec_main", name: "Main" });
    const other = await storeSandboxConnection({ webhookSecret: "whsec_other", name: "Other" });
    chooseConnection(main);
    // Six high-usage events of workspace ws-paris on 3 to 8 March, their tier named to start a formula; a low-balance
    // event on 5 March; the same firing delivered to another connection.
    const store = (connectionId: string, messageId: string, body: Record<string, unknown>, receivedAt: string) =>
      db()
        .insert(billingEvents)
        .values({
          connectionId,
          messageId,
          type: "billing.notification",
          kind: String(body.kind),
          payload: body,
          receivedAt: new Date(receivedAt),
        });
    for (const [i, identifier] of hostileCells.entries()) {
      const firedAt = `2026-03-0${i + 3}T10:00:00.000Z`;
      await store(main, `msg_${i}`, record(`e-${i}`, { kind: "high_usage", identifier, workspaceId: "ws-paris", firedAt }), firedAt);
    }
    await store(
      main,
      "msg_low",
      record("e-low", { kind: "low_balance", identifier: "warning", firedAt: "2026-03-05T11:00:00Z" }),
      "2026-03-05T11:00:00Z",
    );
    await store(
      other,
      "msg_other",
      record("e-other", { kind: "high_usage", identifier: "critical", workspaceId: "ws-paris", firedAt: "2026-03-05T12:00:00Z" }),
      "2026-03-05T12:00:00Z",
    );
    // 5,000 deliveries in April that are no event record (kept whole), in the same microsecond: the cursor breaks ties by id.
    await db().execute(sql`
      insert into billing_events (connection_id, message_id, type, kind, payload, received_at)
      select ${main}::uuid, 'bulk_' || i, 'billing.notification', 'auto_topup', jsonb_build_object('n', i), timestamptz '2026-04-01T00:00:00Z'
      from generate_series(1, 5000) i`);
  });

  it("refuses a compliance officer, who cannot read billing", async () => {
    await signInAs("compliance");
    expect((await exportCsv()).status).toBe(403);
  });

  it("holds this connection's events the list's filters and the days select, newest first, defused; audited", async () => {
    const user = await signInAs("finance");
    const response = await exportCsv("?eventKind=high_usage&eventWorkspace=ws-paris&from=2026-03-04&to=2026-03-07");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="registry-desk-billing-events-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const { header, lines } = await csvTable(response);
    expect(header).toEqual(billingEventsCsvHeader);
    // Received 4 to 7 March, both days included: events 1 to 4.
    expect(lines.map((l) => [l[0], l[2]])).toEqual([4, 3, 2, 1].map((i) => [`e-${i}`, defused(hostileCells[i]!)]));
    expect(lines[0]!.slice(3, 8)).toEqual(["ws-paris", "2026-03-07T10:00:00.000Z", "2026-03-07T10:00:00.000Z", "yes", "no"]);
    expect(JSON.parse(lines[0]![8]!)).toMatchObject({ spentCents: 600 });
    expect(await exportsBy(user.email)).toEqual([
      {
        target: "Main",
        details: { connectionId: main, kind: "high_usage", workspace: "ws-paris", from: "2026-03-04", to: "2026-03-07", rows: 4 },
      },
    ]);
  });

  it("keeps the account's own events with the list's account filter, never another connection's", async () => {
    await signInAs("auditor");
    const { lines } = await csvTable(await exportCsv("?eventWorkspace=account&to=2026-03-31"));
    expect(lines.map((l) => l[0])).toEqual(["e-low"]);
  });

  it("streams every stored event batch by batch, never as one string, each once", async () => {
    const user = await signInAs("admin");
    const { lines, chunks } = await csvTable(await exportCsv());
    expect(lines).toHaveLength(5007);
    expect(new Set(lines.map((l) => l[0])).size).toBe(5007);
    expect(chunks.length).toBe(1 + Math.ceil(5007 / 500));
    expect((await exportsBy(user.email))[0]!.details).toMatchObject({ kind: "any", workspace: "any", from: "all", to: "all", rows: 5007 });
  });

  it("refuses a day it cannot read, with the reason, and exports nothing", async () => {
    const user = await signInAs("finance");
    const response = await exportCsv("?from=2026-02-30&to=yesterday");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "invalid_input",
        message: 'Nothing was exported. "2026-02-30" is not a day (YYYY-MM-DD) for "from". "yesterday" is not a day (YYYY-MM-DD) for "to".',
      },
    });
    expect(await exportsBy(user.email)).toEqual([]);
  });
});
