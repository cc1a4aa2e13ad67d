import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { sim } from "./simulator-api";

// Stores credentials on the default workspace, which every workspace inherits from and the monitors of other specs
// rely on lacking: so it runs with the simulator-wide specs, after the rest. Only infogreffe (French registers) is
// stored there; the specs after it order German companies.

test("a workspace shows credentials it inherits from the default workspace, then its own after storing them", async ({
  page,
  db,
  signIn,
}) => {
  expect(
    (await sim("PUT", "/v2/workspaces/default/vault/infogreffe", { payload: { email: "ops@example.com", password: `pw-${randomUUID()}` } }))
      .status,
  ).toBe(200);
  const workspace = `inherits-${randomUUID().slice(0, 8)}`;
  expect((await sim("POST", "/v2/workspaces", { name: workspace, legalName: "Inheriting SA" })).status).toBeLessThan(300);
  await signIn(await db.createUser("admin"), page);

  await page.goto(`/vault?workspace=${workspace}`);
  const entry = page.locator('tr[data-source="infogreffe"]');
  await expect(entry).toContainText("inherited from the default workspace");
  // Inherited credentials close the gap: only the source neither held nor inherited is listed.
  await expect(page.locator(`tr[data-gap="${workspace}/infogreffe"]`)).toHaveCount(0);
  await expect(page.locator(`tr[data-gap="${workspace}/handelsregister"]`)).toContainText("Handelsregister (Germany)");

  // Storing its own overrides the inherited entry: a new entry of this workspace, version 1, set here.
  const form = page.locator("#source-infogreffe");
  await form.getByLabel("email").fill("own@example.com");
  await form.getByLabel("password").fill(`pw-${randomUUID()}`);
  await form.getByRole("button", { name: "Store credentials for infogreffe" }).click();
  await expect(form.getByRole("status")).toHaveText(/now version 1\./);
  await page.reload();
  await expect(entry).toContainText("set here");
  await expect(entry).not.toContainText("inherited");
});
