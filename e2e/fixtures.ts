import { test as base, expect, type APIRequestContext, type Cookie, type Page } from "@playwright/test";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { hashPassword } from "../lib/auth/password";
import type { Role } from "../lib/auth/roles.shared";
import { serverNodeFlags } from "../scripts/launcher-process";

export { expect };

export const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };

export type TestUser = { id: string; email: string; password: string; role: Role };

/** Talks to the app's database directly, to arrange users and check what an action changed. */
export class Database {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * `heldSince`: when the user's role and password were last set (default: now). Dual control lets an admin approve
   * only a change asked for after that, so an approver made after the request is given an earlier moment.
   */
  async createUser(role: Role, options: { mustChangePassword?: boolean; active?: boolean; heldSince?: Date } = {}): Promise<TestUser> {
    const email = `${role}-${randomUUID().slice(0, 8)}@e2e.test`;
    const password = `pw-${randomUUID()}`;
    const { rows } = await this.pool.query<{ id: string }>(
      `insert into users (email, name, role, password_hash, must_change_password, active, role_changed_at, password_changed_at)
       values ($1, $2, $3, $4, $5, $6, coalesce($7, now()), coalesce($7, now())) returning id`,
      [
        email,
        `E2E ${role}`,
        role,
        await hashPassword(password),
        options.mustChangePassword ?? false,
        options.active ?? true,
        options.heldSince ?? null,
      ],
    );
    return { id: rows[0]!.id, email, password, role };
  }

  async query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T>(sql, params)).rows;
  }

  async userExists(email: string): Promise<boolean> {
    return (await this.query("select 1 from users where email = $1", [email])).length > 0;
  }
}

export class LoginPage {
  constructor(private readonly page: Page) {}

  async signIn(email: string, password: string) {
    await this.page.goto("/login");
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password").fill(password);
    await this.page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  async signInAndWait(user: { email: string; password: string }) {
    await this.signIn(user.email, user.password);
    await expect(this.accountMenu()).toBeVisible();
  }

  /** The account menu, there once the console is interactive (components/shell/user-menu.tsx). */
  accountMenu() {
    return this.page.locator('button[data-account-menu][aria-haspopup="menu"]');
  }

  /** The sign-in form's message (Next.js keeps an empty route announcer with role=alert elsewhere). */
  error() {
    return this.page.locator("form").getByRole("alert");
  }
}

/**
 * Opens a console page and waits until it is interactive (the account menu has loaded, after hydration): a click or
 * a select before then would reach server-rendered HTML that nothing listens to yet.
 */
export async function gotoInteractive(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(new LoginPage(page).accountMenu()).toBeVisible();
  return response;
}

/** Runs `npm run unlock -- <args>` (scripts/unlock-user.ts) on the running console's embedded Postgres, as an operator would. */
export function runUnlock(...args: string[]): Promise<{ code: number | null; output: string }> {
  const root = path.join(import.meta.dirname, "..");
  const env = {
    ...process.env,
    DATA_DIR: process.env.E2E_DATA_DIR!,
    EMBEDDED_PG_PORT: new URL(process.env.E2E_DATABASE_URL!).port,
    DATABASE_URL: "",
    NEXTAUTH_SECRET: "",
    APP_ENCRYPTION_KEY: "",
  };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...serverNodeFlags, path.join(root, "scripts", "unlock-user.ts"), ...args], { cwd: root, env });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

type ActionEntry = { filename: string; exportedName: string; workers: Record<string, unknown> };

/** Every server action in the production build, from Next's server reference manifest. */
export function serverActions(): { id: string; filename: string; exportedName: string; pagePath: string }[] {
  const manifest = JSON.parse(
    readFileSync(path.join(import.meta.dirname, "..", ".next", "server", "server-reference-manifest.json"), "utf8"),
  ) as {
    node: Record<string, ActionEntry>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => {
    // "app/(console)/settings/users/page" → "/settings/users"
    const worker = Object.keys(entry.workers)[0]!;
    const pagePath =
      worker
        .replace(/^app/, "")
        .replace(/\/page$/, "")
        .replace(/\/\([^)]+\)/g, "") || "/";
    return { id, filename: entry.filename, exportedName: entry.exportedName, pagePath };
  });
}

export function serverAction(exportedName: string, filename: string) {
  const found = serverActions().find((a) => a.exportedName === exportedName && a.filename === filename);
  if (!found) throw new Error(`No server action ${exportedName} in ${filename}`);
  return found;
}

/** Posts to a server action the way Next's client does, optionally from another origin. */
export async function postServerAction(
  request: APIRequestContext,
  action: { id: string; pagePath: string },
  args: unknown[],
  options: { origin?: string } = {},
) {
  const baseURL = process.env.E2E_BASE_URL!;
  return request.post(action.pagePath, {
    headers: {
      "Next-Action": action.id,
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
      Origin: options.origin ?? baseURL,
    },
    data: JSON.stringify(args),
    maxRedirects: 0,
  });
}

/**
 * Signs `user` in through next-auth's credentials endpoint, as the sign-in form's script does (lib/auth/client-session.ts:
 * a CSRF token, then the callback), without the form: the session cookie lands in `request`'s cookie jar, which a
 * page's `context().request` shares with the page. The form itself is tested by auth.spec.ts and the specs that sign
 * in with a one-time password.
 */
export async function signInByApi(request: APIRequestContext, user: { email: string; password: string }): Promise<void> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: user.email, password: user.password, callbackUrl: "/", json: "true" },
    // Signing in hashes the password on a machine shared with the app.
    timeout: 30_000,
  });
  const { url } = (await response.json().catch(() => ({}))) as { url?: string };
  const error = url ? new URL(url, process.env.E2E_BASE_URL).searchParams.get("error") : `no answer (${response.status()})`;
  if (!response.ok() || error) throw new Error(`Signing ${user.email} in failed: ${error ?? response.status()}`);
}

type SessionFixtures = {
  login: LoginPage;
  /** Signs `user` in (by API) in `page`'s browser context, the test's own page by default. */
  signIn: (user: TestUser, page?: Page) => Promise<void>;
  /**
   * The user of `role` this worker keeps, signed in once (by API; their storageState is stored under the test output
   * folder), with their session cookies put in `page`'s browser context. For a test that needs a role, not a user
   * of its own: one that changes its user, or asserts what only its user did, creates one and calls `signIn`.
   */
  asRole: (role: Role, page?: Page) => Promise<TestUser>;
};

type WorkerFixtures = {
  db: Database;
  /** The worker's signed-in user of each role, with the cookies of their session. */
  roleSessions: (role: Role) => Promise<{ user: TestUser; cookies: Cookie[] }>;
};

export const test = base.extend<SessionFixtures, WorkerFixtures>({
  login: async ({ page }, use) => {
    await use(new LoginPage(page));
  },
  signIn: async ({ context }, use) => {
    await use((user, page) => signInByApi((page?.context() ?? context).request, user));
  },
  asRole: async ({ context, roleSessions }, use) => {
    await use(async (role, page) => {
      const { user, cookies } = await roleSessions(role);
      await (page?.context() ?? context).addCookies(cookies);
      return user;
    });
  },
  roleSessions: [
    async ({ db, playwright }, use, workerInfo) => {
      const sessions = new Map<Role, Promise<{ user: TestUser; cookies: Cookie[] }>>();
      const signInRole = async (role: Role) => {
        const user = await db.createUser(role);
        const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
        try {
          await signInByApi(request, user);
          const file = path.join(workerInfo.project.outputDir, ".auth", `worker-${workerInfo.workerIndex}-${role}.json`);
          const { cookies } = await request.storageState({ path: file });
          return { user, cookies };
        } finally {
          await request.dispose();
        }
      };
      await use((role) => {
        if (!sessions.has(role)) sessions.set(role, signInRole(role));
        return sessions.get(role)!;
      });
    },
    { scope: "worker" },
  ],
  db: [
    async ({}, use) => {
      const pool = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 });
      await use(new Database(pool));
      await pool.end();
    },
    { scope: "worker" },
  ],
});
