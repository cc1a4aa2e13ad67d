import { eq } from "drizzle-orm";
import http from "node:http";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { users, type User } from "@/db/schema";
import type { Role } from "@/lib/auth/roles.shared";
import { listenOnLoopback } from "@/test/loopback-server";
import { openSseClient } from "@/test/sse-client";
import { insertUser } from "@/test/users-fixture";
import { createLiveHeartbeat } from "./heartbeat";
import { createLiveListener, type LiveListener } from "./listener";
import { isLiveStreamRequest } from "./live-request";
import { publishLive } from "./publish";
import { serveLive } from "./serve-live";

/**
 * The app server's live stream (serve-live.ts) on a plain node:http server, routed as scripts/app-server.ts
 * routes it, with real session cookies, a real listener and a heartbeat every 100 ms.
 */
let listener: LiveListener;
const heartbeat = createLiveHeartbeat({ everyMs: 100 });
let port: number;
let closeServer: () => Promise<void>;

beforeAll(async () => {
  listener = createLiveListener({ connectionString: process.env.DATABASE_URL!, applicationName: "serve-live-test", log: () => {} });
  const server = http.createServer((request, response) => {
    if (!isLiveStreamRequest(request.method, request.url)) return void response.writeHead(404).end();
    serveLive(request, response, { source: listener, heartbeat }).catch(() => response.destroy());
  });
  ({ port, close: closeServer } = await listenOnLoopback(server));
});

afterAll(async () => {
  await closeServer();
  await listener.close();
});

/** next-auth's session cookie for `user`, as the sign-in sets it. */
async function cookieOf(user: Pick<User, "id" | "email" | "sessionVersion">, secret = process.env.NEXTAUTH_SECRET!) {
  const token = await encode({ token: { uid: user.id, sv: user.sessionVersion, email: user.email }, secret });
  return `theme=dark; next-auth.session-token=${token}`;
}

const newUser = (role: Role, extra: Partial<User> = {}) => insertUser(`${role}-${crypto.randomUUID()}@example.com`, role, undefined, extra);

const connect = (cookie: string | undefined, options: { path?: string; lastEventId?: string } = {}) =>
  openSseClient(port, options.path ?? "/api/live", {
    ...(cookie === undefined ? {} : { Cookie: cookie }),
    ...(options.lastEventId === undefined ? {} : { "Last-Event-ID": options.lastEventId }),
  });

/** The status and error code of a refused connection. */
async function refusal(cookie: string | undefined) {
  const client = connect(cookie);
  const response = await client.response;
  await client.until(() => client.ended(), "the refusal to end");
  return { status: response.statusCode, code: (JSON.parse(client.body()) as { error: { code: string } }).error.code };
}

const publish = (topics: string[]) => db().transaction((tx) => publishLive(tx, topics));

async function waitFor(check: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("the app server's live stream (node:http)", () => {
  it("refuses a request without a valid session as the route does", async () => {
    const user = await newUser("compliance", { sessionVersion: 2 });
    expect(await refusal(undefined)).toEqual({ status: 401, code: "unauthenticated" });
    expect(await refusal("next-auth.session-token=not-a-token")).toEqual({ status: 401, code: "unauthenticated" });
    expect(await refusal(await cookieOf(user, "another-secret-another-secret-0123456"))).toEqual({ status: 401, code: "unauthenticated" });
    // Signed out by a password change or reset since the cookie was issued.
    expect(await refusal(await cookieOf({ ...user, sessionVersion: 1 }))).toEqual({ status: 401, code: "unauthenticated" });
    expect(await refusal(await cookieOf(await newUser("finance", { active: false })))).toEqual({ status: 401, code: "deactivated" });
    expect(await refusal(await cookieOf(await newUser("finance", { mustChangePassword: true })))).toEqual({
      status: 403,
      code: "password_change_required",
    });
    expect(listener.subscribers()).toBe(0);
    expect(heartbeat.size()).toBe(0);
  });

  it("sends an event to a role that may see its topic and not to one that may not", async () => {
    const [finance, compliance] = [await newUser("finance"), await newUser("compliance")];
    const [financeTab, complianceTab] = [connect(await cookieOf(finance)), connect(await cookieOf(compliance))];
    const response = await financeTab.response;
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache, no-transform");
    await Promise.all([financeTab.ready(), complianceTab.ready()]);
    const [alerts] = await publish(["alerts"]);
    const [billing] = await publish(["billing"]);
    await financeTab.until(() => financeTab.events().length > 0, "the billing event");
    await complianceTab.until(() => complianceTab.events().length > 0, "the alerts event");
    // Both tabs have seen the heartbeat after both events: nothing more is on its way.
    const pings = (tab: typeof financeTab) => tab.blocks.filter((b) => b.comment === "ping").length;
    const [financePings, compliancePings] = [pings(financeTab), pings(complianceTab)];
    await financeTab.until(() => pings(financeTab) > financePings, "a heartbeat");
    await complianceTab.until(() => pings(complianceTab) > compliancePings, "a heartbeat");
    expect(financeTab.events()).toEqual([{ id: String(billing!.id), event: "live", data: '{"topic":"billing"}' }]);
    expect(complianceTab.events()).toEqual([{ id: String(alerts!.id), event: "live", data: '{"topic":"alerts"}' }]);
    financeTab.drop();
    complianceTab.drop();
  });

  it("replays what a tab missed after the Last-Event-ID it sends, or the lastEventId a new EventSource passes", async () => {
    const cookie = await cookieOf(await newUser("compliance"));
    const first = connect(cookie);
    await first.ready();
    const [seen] = await publish(["requests"]);
    await first.until(() => first.events().length === 1, "the first event");
    first.drop();
    const missed = await publish(["request:r1", "billing", "requests"]); // billing is not for compliance
    const expected = [seen!, ...missed].filter((e) => e.topic !== "billing").map((e) => e.id);

    for (const resumed of [
      connect(cookie, { lastEventId: String(seen!.id) }),
      connect(cookie, { path: `/api/live?lastEventId=${seen!.id}` }),
    ]) {
      await resumed.ready();
      // The replay resends the events of the few seconds before the cursor too (commits come out of id order).
      const replayed = resumed.events().map((e) => Number(e.id));
      expect(replayed.filter((id) => id >= seen!.id)).toEqual(expected);
      expect(resumed.blocks.at(-1)).toMatchObject({ event: "ready", id: String(missed.at(-1)!.id) });
      resumed.drop();
    }
  });

  it("lets go of a connection when its tab closes, or when its viewer is deactivated", async () => {
    const viewers = await Promise.all([newUser("auditor"), newUser("auditor"), newUser("admin")]);
    const tabs = await Promise.all(viewers.map(async (user) => connect(await cookieOf(user))));
    await Promise.all(tabs.map((tab) => tab.ready()));
    const held = (count: number) => listener.subscribers() === count && heartbeat.size() === count;
    expect(held(3)).toBe(true);

    tabs[0]!.drop();
    await waitFor(() => held(2), "the closed tab's connection to go");

    await db().update(users).set({ active: false }).where(eq(users.id, viewers[1]!.id));
    await tabs[1]!.until(() => tabs[1]!.ended(), "the deactivated viewer's stream to end");
    await waitFor(() => held(1), "the deactivated viewer's connection to go");

    tabs[2]!.drop();
    await waitFor(() => held(0), "every connection to go");
  });
});
