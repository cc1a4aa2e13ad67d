import { randomBytes } from "node:crypto";
import { z } from "zod";

/** The simulator's own settings (it shares nothing with the app but the contract). */
const schema = z.object({
  SIM_HOST: z.string().default("127.0.0.1"),
  SIM_PORT: z.coerce.number().int().min(1).max(65535).default(4010),
  SIM_API_KEY: z
    .string()
    .regex(/^sk_dev_[\w-]{8,}$/, "expected a sandbox key like sk_dev_…")
    .optional(),
  SIM_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]{16,}$/, "expected a signing secret like whsec_…")
    .optional(),
  SIM_WEBHOOK_URL: z.url().optional(),
  SIM_STATE_FILE: z.string().default(".data/simulator.json"),
  SIM_WALLET_CREDITS: z.coerce.number().nonnegative().default(10_000),
  SIM_CHAOS_DUPLICATE_RATE: z.coerce.number().min(0).max(1).default(0),
  SIM_CHAOS_REORDER_MS: z.coerce.number().int().min(0).default(0),
});

export type SimulatorConfig = z.infer<typeof schema>;

export function readConfig(source: Record<string, string | undefined> = process.env): SimulatorConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([k, v]) => k.startsWith("SIM_") && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new Error(`Invalid simulator settings:\n${result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`).join("\n")}`);
  }
  return result.data;
}

export function generateApiKey(): string {
  return `sk_dev_${randomBytes(18).toString("base64url")}`;
}
