import type { Page } from "@playwright/test";
import { expect, test, type Database, gotoInteractive } from "./fixtures";

type Received = { id: string; topic: string; at: number };
type LiveWindow = Window & { liveEvents?: Received[] };

/** What publishLive does, in one statement (so one transaction): the row, then pg_notify at commit. */
async function publish(db: Database, topic: string): Promise<{ id: number; committedAt: number }> {
  const [row] = await db.query<{ id: string }>(
    `with e as (insert into live_events (topic) values ($1) returning id, topic)
     select id::text, pg_notify('registry_desk_live', json_build_object('id', id, 'topic', topic)::text) from e`,
    [topic],
  );
  return { id: Number(row!.id), committedAt: Date.now() };
}

/** Opens an EventSource in the page and resolves once the server says it is listening (`ready`). */
async function openEventSource(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const w = window as LiveWindow;
        w.liveEvents = [];
        const source = new EventSource("/api/live");
        source.addEventListener("live", (e) => {
          w.liveEvents!.push({ id: e.lastEventId, topic: JSON.parse(e.data).topic, at: Date.now() });
        });
        source.addEventListener("ready", () => resolve(), { once: true });
        source.onerror = () => {
          if (source.readyState === EventSource.CLOSED) reject(new Error("the EventSource was refused"));
        };
      }),
  );
}

const received = (page: Page) => page.evaluate(() => (window as LiveWindow).liveEvents ?? []);

async function arrival(page: Page, id: number): Promise<Received> {
  await expect.poll(async () => (await received(page)).some((e) => e.id === String(id)), { timeout: 5_000, intervals: [10] }).toBe(true);
  return (await received(page)).find((e) => e.id === String(id))!;
}

test("an event published into the database reaches the browser within a second, unbuffered and uncompressed", async ({
  page,
  db,
  signIn,
}) => {
  await signIn(await db.createUser("compliance"));
  await gotoInteractive(page, "/");

  const headers = await page.evaluate(async () => {
    const abort = new AbortController();
    const response = await fetch("/api/live", { signal: abort.signal }); // Chromium asks for gzip, br and zstd
    const found = {
      status: response.status,
      type: response.headers.get("content-type"),
      encoding: response.headers.get("content-encoding"),
      cache: response.headers.get("cache-control"),
    };
    abort.abort();
    return found;
  });
  expect(headers).toEqual({ status: 200, type: "text/event-stream; charset=utf-8", encoding: null, cache: "no-cache, no-transform" });

  await openEventSource(page);
  const latencies: number[] = [];
  for (let i = 0; i < 5; i++) {
    const event = await publish(db, "alerts");
    const got = await arrival(page, event.id);
    expect(got.topic).toBe("alerts");
    latencies.push(got.at - event.committedAt);
  }
  console.log(`[live] commit → browser event: ${latencies.map((ms) => `${ms} ms`).join(", ")}`);
  expect(Math.max(...latencies)).toBeLessThan(1_000);
});

test("a finance user does not receive alerts, but does receive requests", async ({ page, db, asRole }) => {
  await asRole("finance");
  await gotoInteractive(page, "/");
  await openEventSource(page);
  const alert = await publish(db, "alerts");
  const requests = await publish(db, "requests");
  // Notifications arrive in commit order: once the later one is here, the earlier one would have been.
  await arrival(page, requests.id);
  expect((await received(page)).map((e) => e.id)).not.toContain(String(alert.id));
});

test("a browser resuming with Last-Event-ID gets what it missed", async ({ page, db, asRole }) => {
  await asRole("auditor");
  await gotoInteractive(page, "/");
  const seen = await publish(db, "requests");
  const missed = await publish(db, "requests");
  const text = await page.evaluate(async (lastEventId) => {
    const abort = new AbortController();
    const response = await fetch("/api/live", { headers: { "Last-Event-ID": String(lastEventId) }, signal: abort.signal });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let body = "";
    while (!body.includes("event: ready")) {
      const { value, done } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
    }
    abort.abort();
    return body;
  }, seen.id);
  expect(text).toContain(`id: ${missed.id}\nevent: live\ndata: {"topic":"requests"}\n\n`);
});

test("the console keeps one live connection per tab across navigations", async ({ page, asRole }) => {
  const streams: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/live") streams.push(request.url());
  });
  await asRole("admin");
  await gotoInteractive(page, "/");
  await expect.poll(() => streams.length).toBe(1);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit" }).click();
  await expect(page).toHaveURL(/\/audit/);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings/);
  expect(streams).toHaveLength(1);
});

test("/api/live refuses a caller who is not signed in with a 401 JSON error", async ({ request }) => {
  const response = await request.get("/api/live");
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ error: { code: "unauthenticated", message: expect.any(String) } });
});
