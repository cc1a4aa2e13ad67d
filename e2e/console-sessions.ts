import type { Cookie } from "@playwright/test";
import type { ConsolePage, Visitor } from "./console-pages";
import { signInByApi, test as base } from "./fixtures";

// What the sweeps over every console page (e2e/console-pages.ts) share: a signed-in session per kind of visitor,
// and the page's path with its parts filled in.

/** Signs each kind of visitor in once per worker (by API); a test then starts from that visitor's cookies. */
export const test = base.extend<object, { sessions: (visitor: Visitor) => Promise<Cookie[]> }>({
  sessions: [
    async ({ db, playwright, roleSessions }, use) => {
      let mustChangePassword: Promise<Cookie[]> | undefined;
      const signInMustChangePassword = async (): Promise<Cookie[]> => {
        const user = await db.createUser("compliance", { mustChangePassword: true });
        const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
        try {
          await signInByApi(request, user);
          return (await request.storageState()).cookies;
        } finally {
          await request.dispose();
        }
      };
      await use(async (visitor) => {
        if (visitor === "signed out") return [];
        if (visitor === "must change password") return (mustChangePassword ??= signInMustChangePassword());
        return (await roleSessions(visitor)).cookies;
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
