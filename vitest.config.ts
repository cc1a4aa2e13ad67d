import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  // `server-only` throws outside React Server Components; in tests the modules run in plain Node.
  "server-only": path.resolve(import.meta.dirname, "test/server-only.ts"),
};

// One test file per core. (Vitest's default leaves a core to its own process, which mostly waits: on a 2-core machine
// that is one file at a time.)
const maxWorkers = os.availableParallelism();

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          maxWorkers,
          include: ["{app,components,lib,db,scripts,simulator,test}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.int.test.{ts,tsx}", "**/node_modules/**"],
          environment: "node",
          // Not a speed limit: the property tests (10,000 runs) take seconds, and more on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          maxWorkers,
          include: ["{app,components,lib,db,scripts,simulator,test}/**/*.int.test.{ts,tsx}"],
          environment: "node",
          // One Postgres per run (embedded, or the server named by DATABASE_URL); a fresh database per file.
          globalSetup: ["test/postgres-global-setup.ts"],
          // The session and cookies come from the file's own browser (test/session.ts), signed out until a test signs in.
          setupFiles: ["test/fresh-database.ts", "test/session-mocks.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
