import { orderableDatapoints } from "../lib/pricing/quote.shared";
import type { Page } from "@playwright/test";
import { expect, gotoInteractive, type Database } from "./fixtures";
import { sim } from "./simulator-api";

/**
 * Orders a company at the simulator (documents: the extract and the financial statements it lists) and stores the
 * request as this console's order, as the order form does (with `metadata`, e.g. a case reference, when given); the
 * simulator's clock then runs until it is complete.
 */
export async function orderedDossier(db: Database, countryCode: string, id: string, metadata?: Record<string, string>): Promise<string> {
  const listing = await sim("POST", "/v2/company", { id, countryCode, dataPoints: ["availableDocuments"] });
  expect(listing.status).toBe(200);
  let available: { id: string; type?: string }[] = [];
  await expect
    .poll(
      async () => {
        const answer = (await sim("GET", `/v2/company/${listing.json.request.requestId}`)).json;
        available = answer.availableDocuments ?? [];
        return answer.request.dataStatus.dataPoints.availableDocuments.status;
      },
      { timeout: 15_000 },
    )
    .toBe("succeeded");
  const documents = [
    ...available.filter((d) => d.type === "financial_statement").slice(0, 3),
    ...available.filter((d) => d.type !== "financial_statement").slice(0, 1),
  ].map((d) => d.id);
  const created = await sim("POST", "/v2/company", {
    id,
    countryCode,
    dataPoints: [...orderableDatapoints],
    documents,
    graphMaxBudget: 50,
    ...(metadata && { metadata }),
  });
  expect(created.status).toBe(200);
  const requestId = created.json.request.requestId as string;
  const [connection] = await db.query<{ id: string }>("select id from registry_connections where name = 'Local simulator'");
  await db.query(
    `insert into company_requests (request_id, connection_id, origin, country_code, company_id) values ($1, $2, 'console', $3, $4)
     on conflict (request_id) do update set origin = 'console'`,
    [requestId, connection!.id, countryCode, id],
  );
  return requestId;
}

/**
 * Orders the company block of a GB company at the simulator as this console's order (free again within 24 hours):
 * its company file then holds the profile; a re-order's snapshots carry what changed. Returns its request id.
 */
export async function orderedCompanyBlock(db: Database, id: string): Promise<string> {
  const created = await sim("POST", "/v2/company", { id, countryCode: "GB", dataPoints: ["company"] });
  expect(created.status).toBe(200);
  const requestId = created.json.request.requestId as string;
  await db.query(
    `insert into company_requests (request_id, connection_id, origin, country_code, company_id)
     select $1, id, 'console', 'GB', $2 from registry_connections where name = 'Local simulator'
     on conflict (request_id) do update set origin = 'console'`,
    [requestId, id],
  );
  return requestId;
}

/** Orders a company from its page with the panel's preselection, confirms the price, and waits for the dossier to complete; returns its request id. */
export async function orderFromCompanyPage(page: Page, countryCode: string, id: string): Promise<string> {
  await gotoInteractive(page, `/companies/${countryCode}/${encodeURIComponent(id)}`);
  await page.getByRole("button", { name: /^Order for/ }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: /Spend up to/ })
    .click();
  await expect(page).toHaveURL(/\/requests\/req_/);
  await expect(page.getByText("This request is complete")).toBeVisible({ timeout: 30_000 });
  return decodeURIComponent(page.url().split("/requests/")[1]!);
}
