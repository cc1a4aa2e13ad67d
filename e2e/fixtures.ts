import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { hashPassword } from "../lib/auth/password";
import type { Role } from "../lib/auth/roles.shared";

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
    const child = spawn(
      process.execPath,
      [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), path.join(root, "scripts", "unlock-user.ts"), ...args],
      { cwd: root, env },
    );
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

export const test = base.extend<{ login: LoginPage }, { db: Database }>({
  login: async ({ page }, use) => {
    await use(new LoginPage(page));
  },
  db: [
    async ({}, use) => {
      const pool = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 });
      await use(new Database(pool));
      await pool.end();
    },
    { scope: "worker" },
  ],
});
