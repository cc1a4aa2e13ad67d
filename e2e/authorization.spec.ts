import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, postServerAction, serverAction, serverActions, test, gotoInteractive } from "./fixtures";

test("a finance user opening Settings → Users gets a 403 page", async ({ page, asRole }) => {
  await asRole("finance");
  const response = await page.goto("/settings/users");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "403 · Not allowed" })).toBeVisible();
});

test("an auditor cannot create a user by posting the server action directly", async ({ page, db, asRole }) => {
  await asRole("auditor");
  const createUser = serverAction("createUserAction", "app/(console)/settings/users/actions.ts");
  const email = `planted-${Date.now()}@e2e.test`;
  const response = await postServerAction(page.request, createUser, [{ email, name: "", role: "admin", password: "" }]);
  expect(await response.text()).toContain('"code":"forbidden"');
  expect(await db.userExists(email)).toBe(false);
});

test("every server action in the build refuses a caller who is not signed in", async ({ request }) => {
  const actions = serverActions();
  // The sweep must see the actions we know of, or it would pass on an empty list.
  expect(actions.map((a) => a.exportedName)).toEqual(
    expect.arrayContaining(["createUserAction", "changeRoleAction", "resetPasswordAction", "setActiveAction", "changePasswordAction"]),
  );
  for (const action of actions) {
    const response = await postServerAction(request, action, [{}]);
    const body = await response.text();
    expect(body, `${action.filename} ${action.exportedName}`).toContain('"code":"unauthenticated"');
  }
});

/** Route handlers that do not take a signed-in user, and what protects them instead. */
const publicRoutes: Record<string, string> = {
  "/api/auth/[...nextauth]": "next-auth's own sign-in endpoint (CSRF token checked by next-auth)",
  "/icon.svg": "the favicon (app/icon.svg): a fixed image that names nothing, asked for before anyone signs in",
};
// Checked by webhook signature, not by session: 404 for an id that is no connection (the sweep's "x"), 401 for a bad signature.
const signatureRoutes = /^\/api\/webhooks\//;

test("every route handler in the build refuses a caller who is not signed in", async ({ request }) => {
  const manifest = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", ".next", "server", "app-paths-manifest.json"), "utf8"));
  const routes = Object.keys(manifest)
    .filter((p) => p.endsWith("/route"))
    .map((p) => p.replace(/\/route$/, ""));
  expect(routes).toContain("/api/audit/export");
  for (const route of routes) {
    if (publicRoutes[route]) continue;
    const url = route.replace(/\[\.\.\.[^\]]+\]/g, "x/y").replace(/\[[^\]]+\]/g, "x");
    for (const method of ["GET", "POST"] as const) {
      const response = await request.fetch(url, { method, maxRedirects: 0, data: method === "POST" ? "{}" : undefined });
      if (response.status() === 405) continue; // the route has no handler for this method
      const expected = signatureRoutes.test(route) ? [401, 404] : [401, 403];
      expect(expected, `${method} ${route} answered ${response.status()}`).toContain(response.status());
    }
  }
});

test("a cross-origin POST to a server action is refused", async ({ page, db, signIn }) => {
  await signIn(await db.createUser("admin"));
  const createUser = serverAction("createUserAction", "app/(console)/settings/users/actions.ts");
  const evil = `evil-${Date.now()}@e2e.test`;
  const refused = await postServerAction(page.request, createUser, [{ email: evil, name: "", role: "admin", password: "" }], {
    origin: "https://attacker.example",
  });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect(await db.userExists(evil)).toBe(false);
  // The same call from the app's own origin goes through, so the refusal above is the origin check.
  const same = `same-${Date.now()}@e2e.test`;
  const allowed = await postServerAction(page.request, createUser, [{ email: same, name: "", role: "auditor", password: "" }]);
  expect(await allowed.text()).toContain('"ok":true');
  expect(await db.userExists(same)).toBe(true);
});

test("pages carry the security headers", async ({ request }) => {
  const response = await request.get("/login");
  const headers = response.headers();
  const csp = headers["content-security-policy"]!;
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["strict-transport-security"]).toBeUndefined();
  const viaHttps = await request.get("/login", { headers: { "x-forwarded-proto": "https" } });
  expect(viaHttps.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  // A fresh nonce per response.
  const again = (await request.get("/login")).headers()["content-security-policy"];
  expect(again).not.toBe(csp);
});

test("the session cookie is httpOnly and SameSite=Lax", async ({ page, db, context, signIn }) => {
  await signIn(await db.createUser("auditor"));
  await gotoInteractive(page, "/");
  const cookie = (await context.cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  expect(await page.evaluate(() => document.cookie)).not.toContain("session-token");
});
