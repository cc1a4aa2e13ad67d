import { expect, postServerAction, serverAction, test } from "./fixtures";
import { sim } from "./simulator-api";

const actionsFile = "app/(console)/settings/sandbox/actions.ts";

test("an admin defines a company in the sandbox, then moves its address: the next request returns the new address", async ({
  page,
  db,
  signIn,
}) => {
  const id = `E2E-MOVE-${crypto.randomUUID().slice(0, 8)}`;
  await signIn(await db.createUser("admin"));
  const response = await page.goto("/settings/sandbox");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Sandbox tools" })).toBeVisible();
  const editor = page.getByRole("form", { name: "Company editor" });

  // Bad JSON is refused in place, with nothing sent.
  await editor.getByLabel("Country", { exact: true }).selectOption("DE");
  await editor.getByLabel("Company id").fill(id);
  await editor.getByLabel("Other fields (JSON)").fill("{oops");
  await editor.getByRole("button", { name: "Create company" }).click();
  await expect(editor).toContainText("This is not valid JSON.");
  await expect(editor.getByRole("alert")).toContainText("Some fields need correcting");
  expect((await sim("PATCH", `/v2/sandbox/companies/DE/${id}`, {})).status).toBe(404);

  await editor.getByLabel("Other fields (JSON)").fill('{"company": {"website": "https://move.example"}}');
  await editor.getByLabel("Legal name").fill("Umzug GmbH");
  await editor.getByLabel("Address line 1").fill("Altstraße 1");
  await editor.getByLabel("City").fill("Berlin");
  await editor.getByRole("button", { name: "Create company" }).click();
  await expect(editor.getByRole("status")).toContainText(`Saved DE ${id}.`);

  await editor.getByLabel("Legal name").fill("");
  await editor.getByLabel("Other fields (JSON)").fill("");
  await editor.getByLabel("Address line 1").fill("Neuer Weg 9");
  await editor.getByLabel("City").fill("Hamburg");
  await editor.getByLabel("Postal code").fill("20095");
  await editor.getByRole("button", { name: "Update company" }).click();
  const saved = editor.getByRole("status");
  await expect(saved).toContainText("The change shows in the next request of this company and at its monitors' next daily check.");
  await expect(saved.getByRole("link", { name: "Open the company page" })).toHaveAttribute("href", `/companies/DE/${id}`);

  // The create's status reads the same words, so it is there before the update lands: wait for the update itself.
  await expect
    .poll(async () => (await sim("PATCH", `/v2/sandbox/companies/DE/${id}`, {})).json.company)
    .toMatchObject({
      legalName: "Umzug GmbH",
      website: "https://move.example",
      legalAddress: { addressLine1: "Neuer Weg 9", city: "Hamburg", postalCode: "20095" },
    });
  const audit = () =>
    db.query<{ details: { fields: string[]; mode: string } }>(
      "select details from audit_log where action = 'sandbox.company_saved' and target = $1 order by id",
      [`DE:${id}`],
    );
  await expect.poll(async () => (await audit()).length).toBe(2);
  expect((await audit()).map((r) => r.details)).toEqual([
    expect.objectContaining({ mode: "create", fields: ["company.website", "company.legalName", "company.legalAddress"] }),
    expect.objectContaining({ mode: "update", fields: ["company.legalAddress"] }),
  ]);
});

test("a compliance user gets a 403 page and is refused by direct posts to every sandbox action", async ({ page, db, signIn }) => {
  const compliance = await db.createUser("compliance");
  await signIn(compliance);
  const response = await page.goto("/settings/sandbox");
  expect(response?.status()).toBe(403);
  // A balance nothing else sets: orders by the other worker move the shared wallet, so "unchanged" cannot be the test.
  const planted = 987_654.32;
  const posts: [string, unknown][] = [
    ["setWalletAction", { credits: planted }],
    ["advanceClockAction", { seconds: 3600 }],
    ["setChaosAction", { duplicateRate: 1, reorderWindowMs: 0 }],
    ["saveSandboxCompanyAction", { mode: "create", countryCode: "DE", id: "E2E-PLANTED", extraJson: "" }],
    ["resetSandboxAction", { confirmName: "Local simulator" }],
  ];
  for (const [name, input] of posts) {
    const answer = await postServerAction(page.request, serverAction(name, actionsFile), [input]);
    expect(await answer.text(), name).toContain('"code":"forbidden"');
  }
  expect((await sim("GET", "/_sim/wallet")).json.balance).not.toBe(planted);
  expect((await sim("PATCH", "/v2/sandbox/companies/DE/E2E-PLANTED", {})).status).toBe(404);
  expect(await db.query("select 1 from audit_log where action like 'sandbox.%' and actor_id = $1", [compliance.id])).toEqual([]);
});

test("on a production connection the page says the tools are for sandbox connections only and offers nothing", async ({
  page,
  db,
  signIn,
}) => {
  const name = `e2e-live-${crypto.randomUUID().slice(0, 8)}`;
  // A key that cannot be decrypted: the page must decide on the environment without opening the connection.
  const [row] = await db.query<{ id: string }>(
    "insert into registry_connections (name, environment, base_url, api_key_sealed, api_key_hint) values ($1, 'production', 'https://api.example.com', 'v1.x.x.x.x', 'sk_live_…0000') returning id",
    [name],
  );
  try {
    await signIn(await db.createUser("admin"));
    await page.context().addCookies([{ name: "registry-desk-connection", value: row!.id, url: process.env.E2E_BASE_URL! }]);
    const response = await page.goto("/settings/sandbox");
    expect(response?.status()).toBe(200);
    await expect(page.locator("main").getByRole("status")).toHaveText(
      `The sandbox tools are for sandbox connections only: ${name} is a production connection, so nothing here can change it.`,
    );
    await expect(page.locator("main form")).toHaveCount(0);
    await expect(page.locator("main").getByRole("alert")).toHaveCount(0);
  } finally {
    await db.query("delete from registry_connections where id = $1", [row!.id]);
  }
});
