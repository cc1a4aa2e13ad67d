import { defineConfig } from "@playwright/test";
// Specs use lib/ server modules (password hashing, migrations, the secret box): `server-only` resolves as on the
// server in the runner and in every worker, which load this file before any spec.
import "./scripts/server-condition.mjs";
import { defaultChromiumPath } from "./scripts/check-browser";

// Run through `npm run test:e2e` (scripts/e2e.ts), which starts the app and sets E2E_BASE_URL.
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error("E2E_BASE_URL is not set: run the browser tests with `npm run test:e2e`.");

// Debian's headless Chromium by default; set PLAYWRIGHT_CHROMIUM_PATH to another binary, or to an empty value
// to use a browser installed by Playwright itself.
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? defaultChromiumPath;

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
      executablePath: executablePath || undefined,
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
