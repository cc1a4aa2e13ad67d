import type { Page } from "@playwright/test";
import type { Role } from "../lib/auth/roles.shared";
import { expect, type Database } from "./fixtures";
import { postMonitorNotification } from "./monitor-notification";
import { storeBatch, storeBatchJob } from "./batch-jobs";
import { arrangePortfolio } from "./portfolio-entries";
import { orderedDossier } from "./ordered-dossier";
import { portfolioCompany } from "./portfolio-rows";
import { queueForOfficers } from "./review-queue-rows";
import { sim } from "./simulator-api";

/**
 * Every page of the console, as the page sweep (e2e/page-sweep.spec.ts) opens it. A new page is one
 * more entry here: its path, the role that sees it, what it needs stored first, and when it is settled.
 */

/** A phone's viewport, 390 px wide (iPhone 12 to 15): every page is also analysed at this width. */
export const phone = { width: 390, height: 844 };

/** Who opens the page: a signed-in role, nobody, or a user who must choose a new password before anything else. */
export type Visitor = Role | "signed out" | "must change password";

export type ConsolePage = {
  /** The test's title: the page, and the state it is analysed in when that is not its first view. */
  name: string;
  /** Where to go; `:name` parts are filled in from what `arrange` returned. */
  path: string;
  role: Visitor;
  /** Stores what the page shows before it opens (once per worker where it is shared), and names the path's parts. */
  arrange?: (db: Database) => Promise<Record<string, string>>;
  /** Brings the page to the state analysed (a tab, a dialog) and waits until it is settled. By default: its level-1 heading is visible. */
  wait?: (page: Page) => Promise<void>;
  /** Also analysed in the dark theme (for its contrast): a few key pages, one per kind of layout. */
  dark?: true;
  /** Elements skipped, each with why: only third-party internals that the console cannot change. */
  exclude?: { selector: string; why: string }[];
};

// A change waiting for a second admin (asked by another admin), so the approvals page shows its buttons.
const pendingChange = async (db: Database) => {
  const requester = await db.createUser("admin");
  await db.query(
    `insert into pending_changes (kind, target, details, reason, requested_by, requested_by_email, expires_at)
     values ('workspace_delete', 'a11y-approvals', '{"name":"a11y-approvals"}', 'Accessibility sweep', $1, $2, now() + interval '1 day')`,
    [requester.id, requester.email],
  );
  return {};
};

// One complete dossier per worker, shared by its tabs, the request list and its delivery timeline.
let dossier: Promise<string> | undefined;
const completeDossier = async (db: Database) => ({ requestId: await (dossier ??= orderedDossier(db, "DE", "HRB 86891")) });

// The dossier with a follow-up under it, and a follow-up of a request never stored here (its own row), so the
// request list shows both kinds of follow-up row.
const requestsWithFollowUps = async (db: Database) => {
  const { requestId } = await completeDossier(db);
  await db.query(
    `insert into company_requests (request_id, origin, purpose, parent_request_id, country_code, company_id, company_name, complete)
     values ($1 || '_a11y_expansion', 'console', 'graph_expansion', $1, 'DE', 'HRB 86891', 'Follow-up', true),
            ($1 || '_a11y_orphan', 'console', 'retry', 'req_a11y_not_stored', 'DE', 'HRB 86891', 'Orphan', true)
     on conflict (request_id) do nothing`,
    [requestId],
  );
  return { requestId };
};

// A monitor of the dossier's company, with an open alert (a signed notification), once per worker.
let monitored: Promise<{ monitorId: string; alertId: string }> | undefined;
const monitorWithAlert = (db: Database) =>
  (monitored ??= (async () => {
    const created = await sim("POST", "/v2/monitors", { companyId: "HRB 86891", countryCode: "DE", metadata: { caseReference: "A11Y-1" } });
    expect(created.status).toBe(201);
    const monitorId = created.json.id as string;
    const alertId = await postMonitorNotification(db, { monitorId, companyId: "HRB 86891", categories: ["address", "ownership"] });
    return { monitorId, alertId };
  })());

// A company file whose data is 200 days old, rated and overdue for review, once per worker: its review panel warns.
let staleFile: Promise<{ staleCompanyId: string }> | undefined;
const staleCompanyFile = (db: Database) =>
  (staleFile ??= (async () => {
    const companyId = `A11Y-REVIEW-${crypto.randomUUID().slice(0, 8)}`;
    await portfolioCompany(db, { companyId, name: "Review Sweep Ltd", asOfDaysAgo: 200, rating: "high", dueDaysFromNow: -3 });
    return { staleCompanyId: companyId };
  })());

// A customer list waiting for its confirm, once per worker: matched and priced rows in two countries, an ambiguous
// row with its candidates, a duplicate, a row not found and one that cannot be read (no engine needed: stored as is).
let reviewingList: Promise<{ batchId: string }> | undefined;
const listToConfirm = (db: Database) =>
  (reviewingList ??= (async () => {
    const [connection] = await db.query<{ id: string }>("select id from registry_connections where name = 'Local simulator'");
    const [batch] = await db.query<{ id: string }>(
      `insert into batches (kind, connection_id, created_by_email, file_name, file_digest, status, datapoints)
       values ('import', $1, 'a11y@example.com', 'a11y-customers.csv', $2, 'reviewing', '["companyProfile"]') returning id`,
      [connection!.id, crypto.randomUUID()],
    );
    const candidates = JSON.stringify([
      { companyId: "Hannover HRB 2892", legalName: "Rheintal Handel GmbH", score: 1, reason: "Exact legal name" },
      { companyId: "Leipzig HRB 1", legalName: "Rheintal Handel GmbH", score: 1, reason: "Exact legal name" },
    ]);
    await db.query(
      `insert into batch_rows (batch_id, row_number, input, country_code, match_state, company_id, company_name, match_reason, match_score,
         candidates, ceiling_credits, outcome, outcome_reason, problems)
       values ($1, 1, '{"name":"Thomas Robert EI","countryCode":"FR"}', 'FR', 'matched', '333213791', 'Thomas Robert EI', 'Exact legal name (score 100%)', 1, '[]', 12.5, 'pending', null, '[]'),
              ($1, 2, '{"number":"230644874","countryCode":"FR"}', 'FR', 'matched', '230644874', 'Vauban Conseil SARL', 'Registration number matches (siren: 230644874)', 1, '[]', 12.5, 'pending', null, '[]'),
              ($1, 3, '{"name":"Verein Nordlicht Handel","countryCode":"DE"}', 'DE', 'matched', 'Berlin VR 1', 'Verein Nordlicht Handel e.V.', 'Same legal name apart from the legal form (score 95%)', 0.95, '[]', 20, 'pending', null, '[]'),
              ($1, 4, '{"name":"Rheintal Handel GmbH","countryCode":"DE"}', 'DE', 'ambiguous', null, null, '2 possible companies: pick one', null, $2::jsonb, null, 'pending', null, '[]'),
              ($1, 5, '{"number":"333213791","countryCode":"FR"}', 'FR', 'duplicate', '333213791', 'Thomas Robert EI', 'Same company as row 1', 1, '[]', null, 'skipped', 'Duplicate: another row is for the same company', '[]'),
              ($1, 6, '{"name":"Zebra Quantum Holdings","countryCode":"DE"}', 'DE', 'not_found', null, null, 'No company close to “Zebra Quantum Holdings”', null, '[]', null, 'skipped', 'Not found in the register', '[]'),
              ($1, 7, '{"name":"Acme","countryCode":"Atlantis"}', 'ATLANTIS', 'invalid', null, null, null, null, '[]', null, 'skipped', 'Cannot be read (see its problems)', '["Unknown country \\"Atlantis\\": write a country the registry covers, as a name (France) or a two-letter code (FR)."]')`,
      [batch!.id, candidates],
    );
    return { batchId: batch!.id };
  })());

// Settings → Jobs with a job in each list: a failed one with its reason, a waiting one, a cancelled one (once per worker).
let queuedJobs: Promise<Record<string, string>> | undefined;
const jobsInEachState = (db: Database) =>
  (queuedJobs ??= (async () => {
    const user = await db.createUser("admin");
    const [connection] = await db.query<{ id: string }>("select id from registry_connections where name = 'Local simulator'");
    const batchId = await storeBatch(db, { connectionId: connection!.id, user, fileName: "accessibility-sweep.csv" });
    await storeBatchJob(db, batchId, { state: "failed", retryLimit: 0, error: "The batch step could not reach the registry." });
    await storeBatchJob(db, batchId, { startAfterSeconds: 3_600 });
    await storeBatchJob(db, batchId, { state: "cancelled" });
    return {};
  })());

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
};

/** The home page once every card has streamed in (each shows "Reading…" until its reads are done). */
const homeCardsRead = async (page: Page) => {
  await heading(/^Welcome/)(page);
  await expect(page.getByText("Reading…")).toHaveCount(0);
};

/** A dossier once every datapoint is terminal, on one of its tabs. */
const dossierTab = (tab: string, settled: (page: Page) => Promise<void>) => async (page: Page) => {
  await expect(page.getByText("This request is complete")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("tab", { name: tab, exact: true }).click();
  await settled(page);
};

const searchSettled = async (page: Page) => {
  await expect(page.getByTestId("search-status")).toHaveText(/^Search complete: [\d,]+ results?$/, { timeout: 15_000 });
};

// Two portfolio entries (a high-risk company overdue with its reasons, a low-risk one), once per worker.
let portfolio: Promise<{ portfolioCompany: string }> | undefined;
const portfolioEntries = (db: Database) => (portfolio ??= arrangePortfolio(db).then(({ high }) => ({ portfolioCompany: high.id })));

// A workspace with an override (a 60-minute window, one tier) and a spend past its tier, once per worker: /billing
// then has an event, a chart with a tier line and an override to edit.
let billingWorkspace: Promise<{ workspaceId: string; workspaceName: string }> | undefined;
const workspaceOverTier = () =>
  (billingWorkspace ??= (async () => {
    const workspaceName = `a11y-billing-${crypto.randomUUID().slice(0, 8)}`;
    const created = await sim("POST", "/v2/workspaces", { name: workspaceName, legalName: "A11y billing" });
    expect(created.status).toBe(201);
    const workspaceId = created.json.id as string;
    const override = { highUsagePeriodMinutes: 60, highUsageTiers: [{ tier: "warning", cents: 500 }] };
    expect((await sim("PATCH", `/v2/billing/notifications/workspaces/${workspaceId}/config`, override)).status).toBe(200);
    expect((await sim("POST", "/_sim/spend", { workspace: workspaceId, credits: 6 })).status).toBe(200);
    return { workspaceId, workspaceName };
  })());

// A workspace holding one list-typed entry and inheriting nothing else, once per worker: /vault
let vaultWorkspace: Promise<{ vaultWorkspace: string }> | undefined;
const workspaceWithCredentials = () =>
  (vaultWorkspace ??= (async () => {
    const name = `a11y-vault-${crypto.randomUUID().slice(0, 8)}`;
    expect((await sim("POST", "/v2/workspaces", { name, legalName: "A11y vault" })).status).toBe(201);
    const payload = { email: "a11y@example.com", password: "a11y-pw", backupAccounts: [{ email: "b@example.com", password: "b-pw" }] };
    expect((await sim("PUT", `/v2/workspaces/${name}/vault/handelsregister`, { payload })).status).toBe(200);
    return { vaultWorkspace: name };
  })());

const billingSettled = async (page: Page) => {
  await expect(page.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
  await expect(page.locator("tr[data-billing-event]").first()).toBeVisible();
  await expect(page.getByTestId("spend-chart").first()).toBeVisible();
};

/** The override editor of the arranged workspace, after a bad window and a bad tier were refused in place. */
const overrideEditorWithErrors = async (page: Page) => {
  await expect(page.getByRole("heading", { name: "Workspace high-usage override", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Edit override" }).click();
  const editor = page.getByRole("form", { name: /^High-usage override of / });
  await editor.getByRole("textbox", { name: "Rolling window amount" }).fill("31");
  await editor.getByRole("combobox", { name: "Rolling window unit" }).selectOption("days");
  await editor.getByRole("textbox", { name: "Tiers: tier 1 credits" }).fill("12.555");
  await editor.getByRole("button", { name: "Review and save" }).click();
  await expect(editor.getByRole("alert")).toHaveText("Correct the highlighted fields: nothing was sent.");
};

export const consolePages: ConsolePage[] = [
  {
    name: "sign-in",
    path: "/login",
    role: "signed out",
    dark: true,
    wait: (page) => expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible(),
  },
  {
    name: "change password (first sign-in)",
    path: "/change-password",
    role: "must change password",
    wait: (page) => expect(page.getByText("Choose a new password")).toBeVisible(),
  },
  { name: "home", path: "/", role: "admin", dark: true, wait: homeCardsRead },
  { name: "home as compliance", path: "/", role: "compliance", wait: homeCardsRead },
  { name: "home as finance", path: "/", role: "finance", wait: homeCardsRead },
  { name: "home as auditor", path: "/", role: "auditor", wait: homeCardsRead },
  { name: "search, empty", path: "/search", role: "admin" },
  { name: "search with results", path: "/search?country=FR&q=MATCH_REASONS", role: "admin", dark: true, wait: searchSettled },
  {
    name: "requests",
    path: "/requests",
    role: "admin",
    arrange: requestsWithFollowUps,
    wait: async (page) => {
      await expect(page.getByRole("link", { name: "Graph expansion" }).first()).toBeVisible();
      await expect(page.getByText("(not stored here)").first()).toBeVisible();
    },
  },
  {
    name: "dossier, overview",
    path: "/requests/:requestId",
    role: "admin",
    arrange: completeDossier,
    dark: true,
    wait: dossierTab("Overview", (page) => expect(page.getByRole("heading", { name: "Risk summary" })).toBeVisible()),
  },
  {
    name: "dossier, people",
    path: "/requests/:requestId",
    role: "admin",
    arrange: completeDossier,
    wait: dossierTab("People", (page) => expect(page.getByRole("heading", { name: /^Legal representatives/ })).toBeVisible()),
  },
  {
    name: "dossier, financials",
    path: "/requests/:requestId",
    role: "admin",
    arrange: completeDossier,
    wait: dossierTab("Financials", (page) => expect(page.getByTestId("ratio-chart")).toBeVisible()),
  },
  {
    name: "dossier, documents",
    path: "/requests/:requestId",
    role: "auditor",
    arrange: completeDossier,
    wait: dossierTab("Documents", (page) => expect(page.locator("[data-download]").first()).toBeVisible()),
  },
  {
    name: "dossier, ownership graph",
    path: "/requests/:requestId",
    role: "admin",
    arrange: completeDossier,
    dark: true,
    wait: dossierTab("Ownership", async (page) => {
      const status = page.getByTestId("layout-status");
      await expect(status).toContainText("laid out in", { timeout: 20_000 });
      await expect(status).not.toContainText("Drawing", { timeout: 15_000 });
      await expect(page.getByTestId("graph-node").first()).toBeVisible();
    }),
  },
  {
    name: "dossier, raw",
    path: "/requests/:requestId",
    role: "admin",
    arrange: completeDossier,
    wait: dossierTab("Raw", (page) => expect(page.getByTestId("raw-snapshot")).toBeVisible()),
  },
  {
    name: "company file with its dossier and Order more",
    path: "/companies/DE/HRB%2086891?tab=people",
    role: "compliance",
    dark: true,
    arrange: completeDossier,
    // The file's parts, and its timeline below the tabs.
    wait: async (page) => {
      await expect(page.getByTestId("file-sources")).toBeVisible();
      await expect(page.getByTestId("company-timeline").getByRole("listitem").first()).toBeVisible();
    },
  },
  {
    name: "company page with its order panel",
    path: "/companies/DE/HRB%2086891",
    role: "admin",
    dark: true,
    wait: (page) => expect(page.getByTestId("order-total")).toContainText("credits"),
  },
  {
    name: "company page as finance (prices, no ordering)",
    path: "/companies/DE/HRB%2086891",
    role: "finance",
    wait: (page) => expect(page.locator('[data-price="company"]')).toContainText("credits"),
  },
  {
    name: "portfolio",
    path: "/portfolio",
    role: "compliance",
    arrange: portfolioEntries,
    dark: true,
    wait: (page) => expect(page.locator("tr[data-company]").first()).toBeVisible(),
  },
  {
    name: "portfolio as auditor, filtered to none",
    path: "/portfolio?rating=low&flag=liquidated&owner=none",
    role: "auditor",
    arrange: portfolioEntries,
    wait: (page) => expect(page.getByText("No company matches these filters.")).toBeVisible(),
  },
  {
    name: "review queue (a change, nothing changed, a first review)",
    path: "/portfolio/review-queue",
    role: "compliance",
    arrange: queueForOfficers,
    wait: (page) => expect(page.locator('[data-diff="changed"]').first()).toBeVisible(),
  },
  { name: "review queue, empty", path: "/portfolio/review-queue", role: "admin" },
  {
    name: "import a customer list",
    path: "/portfolio/import",
    role: "compliance",
  },
  {
    name: "lists and campaigns",
    path: "/portfolio/batches",
    role: "compliance",
    arrange: listToConfirm,
    wait: (page) => expect(page.getByRole("link", { name: "a11y-customers.csv" }).first()).toBeVisible(),
  },
  {
    name: "a customer list waiting for its confirm",
    path: "/portfolio/batches/:batchId",
    role: "compliance",
    arrange: listToConfirm,
    wait: (page) => expect(page.getByRole("button", { name: /^Confirm: order 3 for at most 45 credits$/ })).toBeVisible(),
  },
  {
    name: "a customer list as auditor",
    path: "/portfolio/batches/:batchId?match=ambiguous",
    role: "auditor",
    arrange: listToConfirm,
    wait: (page) => expect(page.getByRole("heading", { name: "Rows to pick a company for (1)" })).toBeVisible(),
  },
  {
    name: "company page with its risk panel, the pin form open",
    path: "/companies/GB/:portfolioCompany",
    role: "admin",
    arrange: portfolioEntries,
    dark: true,
    wait: async (page) => {
      await expect(page.getByTestId("rating-history")).toBeVisible();
      await page.getByText("Pin the rating by hand").click();
      await expect(page.getByRole("form", { name: "Pin the rating by hand" })).toBeVisible();
    },
  },
  { name: "onboarding", path: "/onboarding", role: "admin" },
  { name: "audit", path: "/audit", role: "admin", wait: (page) => expect(page.getByRole("row").nth(1)).toBeVisible() },
  { name: "audit as auditor", path: "/audit", role: "auditor", wait: (page) => expect(page.getByRole("row").nth(1)).toBeVisible() },
  { name: "settings", path: "/settings", role: "admin" },
  { name: "settings, approvals", path: "/settings/approvals", role: "admin", arrange: pendingChange },
  { name: "settings, users", path: "/settings/users", role: "admin", wait: (page) => expect(page.getByRole("row").nth(1)).toBeVisible() },
  {
    name: "settings, users: adding a user",
    path: "/settings/users",
    role: "admin",
    wait: async (page) => {
      await page.getByRole("button", { name: "Add user" }).click();
      await expect(page.getByRole("dialog", { name: "Add a user" })).toBeVisible();
    },
  },
  {
    name: "vault",
    path: "/vault?workspace=:vaultWorkspace",
    role: "admin",
    arrange: workspaceWithCredentials,
    wait: (page) => expect(page.locator('tr[data-source="handelsregister"]')).toBeVisible(),
    dark: true,
  },
  {
    name: "workspaces",
    path: "/workspaces",
    role: "admin",
    arrange: workspaceOverTier,
    wait: (page) => expect(page.getByRole("form", { name: "Create a workspace" })).toBeVisible(),
    dark: true,
  },
  {
    name: "workspaces, read-only, a from–to period",
    path: "/workspaces?from=2026-01-01&to=2026-01-31",
    role: "auditor",
    arrange: workspaceOverTier,
    wait: (page) => expect(page.getByRole("columnheader", { name: "Spend from 2026-01-01 to 2026-01-31" })).toBeVisible(),
  },
  {
    name: "workspaces, create form with field errors",
    path: "/workspaces",
    role: "admin",
    wait: async (page) => {
      const form = page.getByRole("form", { name: "Create a workspace" });
      await form.getByLabel("Name", { exact: true }).fill("has space");
      await form.getByRole("button", { name: "Create workspace" }).click();
      await expect(form.getByRole("alert")).toBeVisible();
    },
  },
  {
    name: "settings, sandbox tools",
    path: "/settings/sandbox",
    role: "admin",
    wait: (page) => expect(page.getByRole("region", { name: "Delivery log" })).toBeVisible(),
    dark: true,
  },
  {
    name: "settings, sandbox tools: the company editor's field errors",
    path: "/settings/sandbox",
    role: "admin",
    wait: async (page) => {
      const editor = page.getByRole("form", { name: "Company editor" });
      await editor.getByLabel("Other fields (JSON)").fill("{oops");
      await editor.getByRole("button", { name: "Create company" }).click();
      await expect(editor).toContainText("This is not valid JSON.");
    },
  },
  { name: "settings, connections", path: "/settings/connections", role: "admin", wait: heading("Connections") },
  {
    name: "settings, a connection's detail",
    path: "/settings/connections",
    role: "admin",
    wait: async (page) => {
      await page.getByTestId("connection-Local simulator").getByRole("button", { name: "Edit" }).click();
      await expect(page.getByRole("dialog", { name: "Edit Local simulator" })).toBeVisible();
    },
  },
  {
    name: "settings, webhooks ledger",
    path: "/settings/webhooks",
    role: "admin",
    arrange: completeDossier,
    dark: true,
    wait: heading("Webhooks"),
  },
  {
    name: "settings, webhooks: a request's delivery timeline",
    path: "/settings/webhooks/requests/:requestId",
    role: "admin",
    arrange: completeDossier,
    wait: heading(/./),
  },
  {
    name: "monitors",
    path: "/monitors",
    role: "admin",
    arrange: monitorWithAlert,
    dark: true,
    wait: (page) => expect(page.locator("tr[data-monitor-id]").first()).toBeVisible(),
  },
  { name: "a monitor's page", path: "/monitors/:monitorId", role: "admin", arrange: monitorWithAlert },
  { name: "a monitor's page as auditor", path: "/monitors/:monitorId", role: "auditor", arrange: monitorWithAlert },
  { name: "monitors, CSV import", path: "/monitors/import", role: "admin" },
  {
    name: "alerts inbox",
    path: "/alerts",
    role: "admin",
    arrange: monitorWithAlert,
    dark: true,
    wait: (page) => expect(page.locator("tr[data-alert-id]").first()).toBeVisible(),
  },
  { name: "an alert", path: "/alerts/:alertId", role: "compliance", arrange: monitorWithAlert, dark: true },
  {
    name: "an alert: see what changed",
    path: "/alerts/:alertId/changes",
    role: "compliance",
    arrange: async (db) => ({ ...(await completeDossier(db)), ...(await monitorWithAlert(db)) }),
    wait: (page) => expect(page.getByTestId("what-changed-total")).toContainText("credits"),
  },
  { name: "dossier, compare with…", path: "/requests/:requestId/compare", role: "admin", arrange: completeDossier },
  { name: "settings, alert SLAs", path: "/settings/alerts", role: "admin" },
  {
    name: "settings, jobs",
    path: "/settings/jobs",
    role: "admin",
    arrange: jobsInEachState,
    wait: (page) => expect(page.getByRole("region", { name: "Failed", exact: true }).locator("tr[data-job-id]").first()).toBeVisible(),
  },
  {
    name: "settings, jobs: a pace refused",
    path: "/settings/jobs",
    role: "admin",
    wait: async (page) => {
      const form = page.locator("form[data-connection-pace]").first();
      await form.getByLabel("Orders a minute").fill("0");
      await form.getByRole("button", { name: "Save the pace" }).click();
      await expect(form.getByRole("alert")).toHaveText("Correct the pace: nothing was saved.");
    },
  },
  { name: "settings, review policy", path: "/settings/reviews", role: "admin" },
  {
    name: "settings, review policy with field errors",
    path: "/settings/reviews",
    role: "admin",
    wait: async (page) => {
      const form = page.getByRole("form", { name: "Review policy" });
      await form.getByLabel("High risk: review every (months)").fill("0");
      await form.getByLabel("Warn before a review of data older than (days)").fill("");
      await form.getByRole("button", { name: "Save the policy" }).click();
      await expect(form.getByRole("alert").first()).toBeVisible();
      await expect(form.getByText("Months for high risk must be at least 1.")).toBeVisible();
    },
  },
  {
    name: "company page: Mark reviewed warns of old data",
    path: "/companies/GB/:staleCompanyId",
    role: "compliance",
    arrange: staleCompanyFile,
    dark: true,
    wait: async (page) => {
      const panel = page.getByTestId("review-panel");
      await expect(panel.getByTestId("review-due")).toContainText("overdue");
      await panel.getByRole("radio", { name: /^Exit the relationship/ }).check();
      await panel.getByLabel("Comment").fill("Sweep");
      await panel.getByRole("button", { name: "Mark reviewed" }).click();
      await expect(panel.getByTestId("stale-data-warning")).toContainText("200 days ago");
    },
  },
  {
    name: "company page's review as auditor (read only)",
    path: "/companies/GB/:staleCompanyId",
    role: "auditor",
    arrange: staleCompanyFile,
    wait: (page) => expect(page.getByTestId("review-summary")).toHaveText("Never reviewed."),
  },
  { name: "settings, risk model", path: "/settings/risk", role: "admin", dark: true, wait: heading("Risk model") },
  {
    name: "settings, risk model: a preview, and field errors",
    path: "/settings/risk",
    role: "admin",
    wait: async (page) => {
      const form = page.getByRole("form", { name: "Risk model" });
      await form.getByRole("button", { name: "Preview the effect" }).click();
      await expect(form.getByTestId("risk-preview").getByRole("listitem").first()).toBeVisible();
      await form.getByRole("group", { name: "Thresholds" }).getByLabel("High from (points)").fill("1");
      await form.getByRole("button", { name: "Add country" }).click();
      await form.getByRole("button", { name: "Ask to publish" }).click();
      await expect(form.getByRole("alert")).toHaveText("Correct the highlighted fields: nothing was sent.");
    },
  },
  {
    name: "pricing",
    path: "/pricing",
    role: "finance",
    dark: true,
    wait: (page) => expect(page.locator('[data-testid="price-matrix"] tr[data-country]')).toHaveCount(40),
  },
  {
    name: "pricing, two countries compared",
    path: "/pricing?compare=FR,CN",
    role: "compliance",
    wait: (page) => expect(page.getByTestId("price-comparison")).toBeVisible(),
  },
  { name: "billing", path: "/billing", role: "finance", arrange: workspaceOverTier, wait: billingSettled, dark: true },
  { name: "billing, read-only", path: "/billing", role: "auditor", arrange: workspaceOverTier, wait: billingSettled },
  {
    name: "billing, a workspace's drawer open",
    path: "/billing",
    role: "finance",
    arrange: workspaceOverTier,
    wait: async (page) => {
      await billingSettled(page);
      await page.locator("[data-workspace-drawer]").first().click();
      await expect(page.getByRole("dialog").getByRole("article")).toBeVisible();
    },
  },
  {
    name: "billing, events filtered to none",
    path: "/billing?eventKind=low_balance&eventWorkspace=:workspaceId",
    role: "finance",
    arrange: workspaceOverTier,
    wait: (page) => expect(page.getByText("No billing events match these filters.")).toBeVisible(),
  },
  {
    name: "billing, a workspace's override editor with field errors",
    path: "/billing/workspace?id=:workspaceId",
    role: "finance",
    arrange: workspaceOverTier,
    wait: overrideEditorWithErrors,
    dark: true,
  },
  {
    name: "calendar, agenda",
    path: "/calendar",
    role: "compliance",
    arrange: completeDossier,
    dark: true,
    wait: (page) => expect(page.locator("tr[data-entry]").first()).toBeVisible(),
  },
  {
    name: "calendar, a month with a deadline",
    path: "/calendar?view=month&month=2026-09",
    role: "auditor",
    arrange: completeDossier,
    wait: (page) => expect(page.locator('[data-day="2026-09-27"] a').first()).toBeVisible(),
  },
  // A console page whose record is not there: the 404 inside the shell (an address no route matches has no shell).
  { name: "not found", path: "/alerts/999999999", role: "admin", wait: heading("404 · Not found") },
  { name: "forbidden", path: "/settings", role: "compliance", wait: heading("403 · Not allowed") },
];
