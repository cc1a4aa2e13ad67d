import { expect, test } from "./fixtures";
import { sim } from "./simulator-api";

// Dual control cannot apply with one active admin and no change waiting. The database is shared, so this spec
// deactivates every other admin for its duration (restored after) and lets the changes other specs left waiting expire:
// it runs with the simulator-wide specs, one file at a time, after the rest.

test("one admin alone: the approvals page says dual control cannot apply, and UBO access changes at once with the warning", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(120_000);
  const admin = await db.createUser("admin");
  const others = await db.query<{ id: string }>(
    "update users set active = false where role = 'admin' and active and id <> $1 returning id",
    [admin.id],
  );
  try {
    // While any change waits, one admin alone does not fall back to acting alone.
    await db.query(
      "insert into pending_changes (kind, target, details, reason, requested_by_email, expires_at) values ('dual_control_off', 'dual control', '{}', 'e2e', 'someone@e2e.test', now() + interval '1 hour')",
    );
    await signIn(admin);
    await page.goto("/settings/approvals");
    await expect(page.getByText("Dual control is on: sensitive changes wait for a second admin's approval")).toBeVisible();
    await db.query("update pending_changes set expires_at = now() where state = 'pending'");
    const name = `e2e-dc1-${crypto.randomUUID().slice(0, 8)}`;
    expect((await sim("POST", "/v2/workspaces", { name, legalName: "Alone SA" })).status).toBe(201);
    expect((await sim("PATCH", `/v2/workspaces/${name}`, { uboEnabled: false })).status).toBe(200);
    await page.goto("/settings/approvals");
    await expect(page.getByText("this console has only one active admin, so it cannot apply")).toBeVisible();

    await page.goto("/workspaces");
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByRole("button", { name: `Turn on… UBO access of ${name}` }).click();
    await row.getByLabel(`Legal basis for UBO access of ${name}`).fill("Obliged entity, AMLD5");
    await row.getByRole("button", { name: "Ask to turn on" }).click();
    await expect(row.getByRole("status")).toContainText("only one active admin");
    await expect(row).toContainText("enabled");
    expect((await sim("GET", "/v2/workspaces")).json.find((w: { name: string }) => w.name === name)).toMatchObject({ uboEnabled: true });
    const [audit] = await db.query<{ details: Record<string, unknown> }>(
      "select details from audit_log where action = 'workspace.ubo_access_changed' and target = $1",
      [name],
    );
    expect(audit!.details).toMatchObject({
      after: true,
      dualControl: "single_admin",
      warning: expect.stringContaining("only one active admin"),
    });
  } finally {
    await db.query("update users set active = true where id = any($1::uuid[])", [others.map((o) => o.id)]);
  }
});
