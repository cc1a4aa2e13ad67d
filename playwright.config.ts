import { defineConfig } from "@playwright/test";
// Specs use lib/ server modules (password hashing, migrations, the secret box): `server-only` resolves as on the
// server in the runner and in every worker, which load this file before any spec.
import "./scripts/server-condition.mjs";
import { launchPath } from "./scripts/check-browser";

// Run through `npm run test:e2e` (scripts/e2e.ts), which starts the app and sets E2E_BASE_URL.
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error("E2E_BASE_URL is not set: run the browser tests with `npm run test:e2e`.");

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's headless Chromium unless PLAYWRIGHT_CHROMIUM_PATH names another (empty: Playwright's own).
      executablePath: launchPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { browserName: "chromium" }, testIgnore: /simulator-wide/ },
    // Specs that change the shared simulator for a while (its clock, chaos, webhook endpoint) run after the rest.
    // One worker: each changes what the others rely on (the endpoint, Postgres, the clock), so their files never overlap.
    { name: "simulator-wide", use: { browserName: "chromium" }, testMatch: /simulator-wide/, dependencies: ["chromium"], workers: 1 },
  ],
});
