import type { Cookie } from "@playwright/test";
import type { ConsolePage, Visitor } from "./console-pages";
import { LoginPage, test as base } from "./fixtures";

// What the sweeps over every console page (e2e/console-pages.ts) share: a signed-in session per kind of visitor,
// and the page's path with its parts filled in.

/** Signs each kind of visitor in once per worker; a test then starts from that visitor's cookies. */
export const test = base.extend<object, { sessions: (visitor: Visitor) => Promise<Cookie[]> }>({
  sessions: [
    async ({ browser, db }, use) => {
      const signedIn = new Map<Visitor, Promise<Cookie[]>>();
      const signIn = async (visitor: Visitor): Promise<Cookie[]> => {
        if (visitor === "signed out") return [];
        const user = await db.createUser(visitor === "must change password" ? "compliance" : visitor, {
          mustChangePassword: visitor === "must change password",
        });
        const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
        const page = await context.newPage();
        const login = new LoginPage(page);
        await login.signIn(user.email, user.password);
        // Signing in hashes the password on a machine shared with the app: given more than the default time.
        await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 30_000 });
        const cookies = await context.cookies();
        await context.close();
        return cookies;
      };
      await use((visitor) => {
        if (!signedIn.has(visitor)) signedIn.set(visitor, signIn(visitor));
        return signedIn.get(visitor)!;
      });
    },
    { scope: "worker" },
  ],
});

/** A console page's path with the `:name` parts `arrange` returned. */
export function fillPath(path: string, parts: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in parts)) throw new Error(`${path}: nothing arranged for :${name}`);
    return encodeURIComponent(parts[name]!);
  });
}

/** Pages under the console's shell, with its account menu (the sign-in and password pages have none). */
export const inConsole = (entry: ConsolePage) => entry.role !== "signed out" && entry.role !== "must change password";
