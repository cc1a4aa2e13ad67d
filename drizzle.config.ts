import { defineConfig } from "drizzle-kit";

// Only `npm run db:generate` reads this: it writes SQL migrations into db/migrations,
// which are committed and applied by the launcher (scripts/start.ts) at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
