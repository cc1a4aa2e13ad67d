import { expect, gotoInteractive, test } from "./fixtures";
import { orderedCompanyBlock } from "./ordered-dossier";
import { sim } from "./simulator-api";

// A review campaign from start to end, on the simulator: ten companies due for review (eight reviewed before,
// one of which the registry has changed since; two never reviewed), selected on /portfolio with "all matching this
// filter", refreshed for review through the batch engine with one confirm, end as ten entries in the owner's review
// queue, each with its diff, "nothing changed" or, never reviewed, what was received. Marking one reviewed takes it off.

const companies = 10;
const neverReviewed = 2;

test("a review campaign over 10 due companies ends with 10 queue entries, each with its diff or 'nothing changed'", async ({
  db,
  page,
  signIn,
}) => {
  test.setTimeout(360_000);
  const officer = await db.createUser("compliance");
  const suffix = crypto.randomUUID().slice(0, 6).toUpperCase();
  const ids = Array.from({ length: companies }, (_, n) => `RC${suffix}-${n + 1}`);

  // 1. Each company's profile in the console (its company file), as reviewed for eight of them: the reviewed baseline.
  const requests = await Promise.all(ids.map((id) => orderedCompanyBlock(db, id)));
  await expect
    .poll(async () => (await db.query("select 1 from company_requests where request_id = any($1) and complete", [requests])).length, {
      timeout: 90_000,
    })
    .toBe(companies);
  await expect
    .poll(async () => (await db.query("select 1 from company_files where company_id = any($1)", [ids])).length, { timeout: 30_000 })
    .toBe(companies);
  const [connection] = await db.query<{ id: string }>("select id from registry_connections where name = 'Local simulator'");
  for (const [index, id] of ids.entries()) {
    // Owned by the officer, overdue, and its data older than 30 days: the campaign refreshes it all.
    await db.query(
      `insert into portfolio_entries (connection_id, country_code, company_id, owner_id, created_at, next_review_due)
       values ($1, 'GB', $2, $3, now() - interval '400 days', now() - interval '400 days')
       on conflict (connection_id, country_code, company_id)
       do update set owner_id = excluded.owner_id, created_at = excluded.created_at, next_review_due = excluded.next_review_due`,
      [connection!.id, id, officer.id],
    );
    await db.query(
      `update company_files set sources = (select jsonb_object_agg(key, jsonb_set(value, '{asOf}', to_jsonb((now() - interval '40 days')::text)))
         from jsonb_each(sources))
       where connection_id = $1 and country_code = 'GB' and company_id = $2`,
      [connection!.id, id],
    );
    if (index < companies - neverReviewed)
      await db.query(
        `insert into reviewed_baselines (connection_id, country_code, company_id, request_id, version)
         select connection_id, country_code, company_id, request_id, version from company_requests where request_id = $1`,
        [requests[index]],
      );
  }
  // The registry changes the first company after its review: a compliance flag it did not have.
  const changed = ids[0]!;
  const flagged = await sim("POST", "/v2/sandbox/companies", {
    countryCode: "GB",
    id: changed,
    company: { complianceFlags: { accountsOverdue: { active: true, dueDate: "2026-06-30", since: "2026-07-01" } } },
  });
  expect(flagged.status).toBe(201);

  // 2. The officer filters the portfolio to their overdue companies, selects all of them and refreshes them for review.
  await signIn(officer, page);
  await gotoInteractive(page, `/portfolio?owner=${officer.id}&due=overdue`);
  await expect(page.getByText(`${companies} companies match`)).toBeVisible();
  const toolbar = page.getByRole("group", { name: "Refresh for review" });
  await toolbar.getByRole("button", { name: `Select all ${companies} matching this filter` }).click();
  await expect(toolbar.getByRole("status")).toHaveText(`All ${companies} companies matching this filter selected.`);
  await toolbar.getByRole("button", { name: "Refresh for review" }).click();
  await expect(page).toHaveURL(/\/portfolio\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const batchId = page.url().split("/").at(-1)!;
  const [batch] = await db.query<{ kind: string; rows: number }>(
    "select b.kind, (select count(*)::int from batch_rows r where r.batch_id = b.id) as rows from batches b where b.id = $1",
    [batchId],
  );
  expect(batch).toEqual({ kind: "campaign", rows: companies });

  // 3. The batch page prices what is stale and takes one confirm with a cap; the engine orders through the simulator.
  const confirm = page.getByRole("button", { name: new RegExp(`^Confirm: order ${companies} for at most`) });
  await expect(confirm).toBeEnabled({ timeout: 60_000 });
  await confirm.click();
  await expect
    .poll(
      async () =>
        (await db.query("select 1 from review_queue q join batch_rows r on r.id = q.batch_row_id where r.batch_id = $1", [batchId])).length,
      {
        timeout: 240_000,
      },
    )
    .toBe(companies);

  // 4. The officer's queue: ten entries, each with its diff in words, "nothing changed", or what a first review receives.
  await gotoInteractive(page, "/portfolio/review-queue");
  const queue = page.getByTestId("review-queue");
  const entry = (id: string) => queue.locator(`li[data-company="GB:${id}"]`);
  await expect(queue.locator("li[data-company]")).toHaveCount(companies);
  for (const id of ids) await expect(entry(id).getByTestId("queue-diff")).toBeVisible();
  const changedEntry = entry(changed);
  await expect(changedEntry.getByTestId("queue-diff")).toHaveAttribute("data-diff", "changed");
  await expect(changedEntry.getByTestId("queue-diff")).toContainText("Compliance flags");
  await expect(changedEntry.getByTestId("queue-diff")).toContainText("Accounts overdue");
  for (const id of ids.slice(1, companies - neverReviewed)) {
    const diff = entry(id).getByTestId("queue-diff");
    await expect(diff).toHaveAttribute("data-diff", "nothing-changed");
    await expect(diff).toHaveText("Nothing changed since the last review.");
  }
  for (const id of ids.slice(companies - neverReviewed)) {
    const diff = entry(id).getByTestId("queue-diff");
    await expect(diff).toHaveAttribute("data-diff", "no-baseline");
    await expect(diff).toContainText("No reviewed baseline yet");
    await expect(diff).toContainText("Received: Company profile");
  }

  // 5. Marking the changed company reviewed on its page takes it off the queue.
  await changedEntry.getByRole("link", { name: /^Review / }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/GB/${changed}$`));
  const review = page.getByTestId("review-panel");
  await review.getByRole("radio", { name: /^Keep/ }).check();
  await review.getByLabel("Comment").fill("Overdue accounts chased; relationship kept.");
  await review.getByRole("button", { name: "Mark reviewed" }).click();
  await expect(review.getByTestId("review-summary")).toContainText("Reviewed: Keep");
  // The summary shows at once (optimistic): wait for the server's review, which closes the entry, before leaving.
  await expect
    .poll(async () => (await db.query("select 1 from review_queue where company_id = $1 and done_at is not null", [changed])).length, {
      timeout: 30_000,
    })
    .toBe(1);
  await gotoInteractive(page, "/portfolio/review-queue");
  await expect(queue.locator("li[data-company]")).toHaveCount(companies - 1);
  await expect(entry(changed)).toHaveCount(0);
});
