import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { simulatorConnectionId } from "./monitor-notification";
import { sim } from "./simulator-api";

// Switches the simulator's vendor-documented endpoints off for a while: one at a time, after every other spec file
// (the "simulator-wide" project in playwright.config.ts).

test("against an API without GET /v2/workspaces, the page lists the names the console has seen or created, and says so", async ({
  page,
  db,
  signIn,
}) => {
  const connectionId = await simulatorConnectionId(db);
  const seen = `e2e-seen-${randomUUID().slice(0, 8)}`;
  const created = `e2e-made-${randomUUID().slice(0, 8)}`;
  await db.query(`insert into company_requests (request_id, connection_id, origin, snapshot) values ($1, $2, 'console', $3)`, [
    `req_e2e_ws_${randomUUID().slice(0, 8)}`,
    connectionId,
    JSON.stringify({ workspace: { id: randomUUID(), name: seen } }),
  ]);
  await db.query(`insert into audit_log (actor_email, action, target, details) values ('e2e@example.com', 'workspace.created', $1, $2)`, [
    created,
    { connectionId, name: created },
  ]);
  await signIn(await db.createUser("auditor"));
  expect((await sim("PUT", "/_sim/vendor-endpoints", { enabled: false })).status).toBe(200);
  try {
    await page.goto("/workspaces");
    await expect(
      page.getByText(
        "This registry does not offer GET /v2/workspaces (it answered 404): the endpoint is documented by the vendor but is not part of the API spec. Listed instead: the workspaces this console has seen in its stored requests or created itself.",
      ),
    ).toBeVisible();
    await expect(page.getByText("This registry does not offer GET /v2/workspaces/usage (it answered 404)")).toBeVisible();
    for (const name of [seen, created]) {
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText("unknown");
      await expect(row).toContainText("open it in Billing by its id");
    }
  } finally {
    expect((await sim("PUT", "/_sim/vendor-endpoints", { enabled: true })).status).toBe(200);
  }
});
