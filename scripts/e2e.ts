/**
 * `npm run test:e2e`: starts Registry Desk through its own launcher (building it when the build is
 * stale) on free ports with a throwaway embedded Postgres, runs the Playwright specs in e2e/ against
 * it in Chromium, then stops everything and deletes the data. Extra arguments go to Playwright.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureBrowser } from "./check-browser";
import { embeddedDatabaseUrl, startThrowawayConsole } from "./launcher-process";

const root = path.resolve(import.meta.dirname, "..");
const adminEmail = "admin@e2e.test";
const adminPassword = "e2e-admin-password-1";

async function main(): Promise<number> {
  const browserProblem = ensureBrowser();
  if (browserProblem) {
    console.error(`\n[test] ${browserProblem}\n`);
    return 1;
  }
  const { launcher, data, port, pgPort, simPort } = await startThrowawayConsole("registry-desk-e2e-", {
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
  });
  try {
    await launcher.waitFor(/Registry Desk is ready at/, 600_000);
    const playwright = spawn(
      process.execPath,
      [path.join(root, "node_modules", "@playwright", "test", "cli.js"), "test", ...process.argv.slice(2)],
      {
        cwd: root,
        stdio: "inherit",
        env: {
          ...process.env,
          E2E_BASE_URL: `http://127.0.0.1:${port}`,
          E2E_DATABASE_URL: embeddedDatabaseUrl(data.dir, pgPort),
          E2E_ADMIN_EMAIL: adminEmail,
          E2E_ADMIN_PASSWORD: adminPassword,
          // The launcher's data folder (secrets the simulator and the app share) and the simulator's address.
          E2E_DATA_DIR: data.dir,
          E2E_SIM_URL: `http://127.0.0.1:${simPort}`,
        },
      },
    );
    return await new Promise<number>((resolve) => playwright.on("exit", (code) => resolve(code ?? 1)));
  } finally {
    await launcher.stop("SIGINT");
    try {
      data.remove();
    } catch (error) {
      // The tests' outcome stands; a folder left in the temporary directory is said, not fatal.
      console.warn(`[test] could not delete ${data.dir}: ${(error as Error).message}`);
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
