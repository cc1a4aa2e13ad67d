import { expect, test } from "./fixtures";
import { sim } from "./simulator-api";
import { credits } from "../lib/vocabulary/units.shared";

// Sets the simulator's wallet, clock and chaos and resets the sandbox: simulator-wide, so it runs one at a time
// with the other simulator-wide specs, and puts the wallet and chaos back in a finally.

test("an admin sets the wallet, advances the clock, sets chaos and resets the sandbox with its name typed, each audited", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(90_000);
  const walletBefore = (await sim("GET", "/_sim/wallet")).json.balance as number;
  const admin = await db.createUser("admin");
  try {
    await signIn(admin);
    await page.goto("/settings/sandbox");
    await expect(page.getByRole("heading", { name: "Sandbox tools" })).toBeVisible();
    await expect(page.getByText("It is the local simulator")).toBeVisible();

    const wallet = page.getByRole("region", { name: "Wallet" });
    await expect(wallet).toContainText("Balance:");
    await wallet.getByLabel("Wallet (credits)").fill("-5");
    await wallet.getByRole("button", { name: "Set wallet" }).click();
    await expect(wallet).toContainText("The balance cannot be negative.");
    await wallet.getByLabel("Wallet (credits)").fill("1234.5");
    await wallet.getByRole("button", { name: "Set wallet" }).click();
    await expect(wallet.getByRole("status")).toHaveText("Wallet set to 1,234.5 credits.");
    expect((await sim("GET", "/_sim/wallet")).json.balance).toBe(1234.5);
    await expect(wallet).toContainText(`Balance: ${credits(1234.5)}`);

    const clock = page.getByRole("region", { name: "Clock" });
    await clock.getByRole("button", { name: "Advance 1 hour" }).click();
    await expect(clock.getByRole("status")).toContainText("The simulator's clock now reads");

    const chaos = page.getByRole("region", { name: "Chaos" });
    await chaos.getByLabel("Duplicate rate (0–1)").fill("1.5");
    await chaos.getByRole("button", { name: "Set chaos" }).click();
    await expect(chaos).toContainText("At most 1.");
    await chaos.getByLabel("Duplicate rate (0–1)").fill("0.5");
    await chaos.getByLabel("Reorder window (ms)").fill("200");
    await chaos.getByRole("button", { name: "Set chaos" }).click();
    await expect(chaos.getByRole("status")).toContainText("duplicate rate 0.5, reorder window 200 ms");
    await expect(page.getByRole("region", { name: "Delivery log" })).toBeVisible();

    // The reset stays off until the connection's name is typed exactly; a spend is then undone.
    expect((await sim("POST", "/_sim/spend", { workspace: "default", credits: 4.5 })).status).toBe(200);
    const reset = page.getByRole("region", { name: "Reset" });
    const resetButton = reset.getByRole("button", { name: "Reset sandbox" });
    await reset.getByLabel("Type Local simulator to confirm").fill("local simulator");
    await expect(resetButton).toBeDisabled();
    await reset.getByLabel("Type Local simulator to confirm").fill("Local simulator");
    await resetButton.click();
    await expect(reset.getByRole("status")).toHaveText("Sandbox reset.");
    expect((await sim("GET", "/_sim/wallet")).json.balance).toBe(1234.5);

    const actions = await db.query<{ action: string }>(
      "select action from audit_log where actor_id = $1 and action like 'sandbox.%' order by id",
      [admin.id],
    );
    expect(actions.map((r) => r.action)).toEqual([
      "sandbox.wallet_set",
      "sandbox.clock_advanced",
      "sandbox.chaos_changed",
      "sandbox.reset",
    ]);
  } finally {
    // The chaos the launcher starts the simulator with (scripts/start.ts).
    await sim("PUT", "/_sim/chaos", { duplicateRate: 0.05, reorderWindowMs: 1500 });
    await sim("PUT", "/_sim/wallet", { balance: walletBefore });
  }
});
