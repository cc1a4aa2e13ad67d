import "server-only";
import { z } from "zod";
import { highUsagePatchBodySchema } from "@/lib/registry/schemas.shared";

/** The contract's own rules for a window (5 to 43,200 whole minutes) and for tiers (1 to 5, unique names, whole cents). */
const periodMinutes = highUsagePatchBodySchema.shape.highUsagePeriodMinutes.unwrap().unwrap();
const tiers = highUsagePatchBodySchema.shape.highUsageTiers.unwrap().unwrap();

const json = z.string().transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: "custom", message: "The tiers are not readable." });
    return z.NEVER;
  }
});

/** The query of GET /api/billing/backtest, as lib/billing/backtest-url.shared.ts writes it. */
export const backtestQuerySchema = z.object({
  workspace: z.string().trim().min(1, { error: "Name the workspace." }).max(200, { error: "That is not a workspace id." }),
  enabled: z.enum(["true", "false"], { error: "Say whether the draft is on." }).transform((value) => value === "true"),
  periodMinutes: z.coerce.number({ error: "The window is a number of minutes." }).pipe(periodMinutes),
  tiers: json.pipe(tiers),
});

export type BacktestQuery = z.infer<typeof backtestQuerySchema>;
