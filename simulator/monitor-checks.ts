import { createHash } from "node:crypto";
import { changeCategories } from "../lib/registry/schemas";
import { monitorNotification } from "./routes/monitors";
import type { SimulatorContext } from "./simulator-context";
import type { StoredMonitor } from "./state";

const dayMs = 24 * 3600_000;

/** What the check number `n` of a monitor finds: stable for a monitor, varied across checks. */
export function checkOutcome(monitor: StoredMonitor, n: number): { categories: string[]; disappeared: boolean } {
  const bytes = createHash("sha256").update(`${monitor.id}:${monitor.companyId}:${n}`).digest();
  if (bytes[0]! < 8) return { categories: ["disappeared"], disappeared: true }; // about 3 %
  if (bytes[1]! >= 77) return { categories: [], disappeared: false }; // about 70 % find nothing
  const kinds = changeCategories.filter((c) => c !== "disappeared");
  const picked = kinds.filter((_, i) => bytes[2 + i]! < 64);
  return { categories: picked.length ? picked : [kinds[bytes[9]! % kinds.length]!], disappeared: false };
}

/** Runs every daily check that is due on the simulated clock, writing a log entry and notifying on change. */
export function runDueMonitorChecks(ctx: SimulatorContext): number {
  const now = ctx.clock.now();
  let checks = 0;
  for (const monitor of Object.values(ctx.store.state.monitors)) {
    while (!monitor.deactivated && Date.parse(monitor.nextCheckAt) <= now.getTime()) {
      const at = new Date(monitor.nextCheckAt);
      const outcome = checkOutcome(monitor, monitor.logs.length);
      monitor.logs.push({
        id: `log_${monitor.id}_${monitor.logs.length + 1}`,
        changeDetected: outcome.categories.length > 0,
        changeCategories: outcome.categories,
        fetchStatus: outcome.disappeared ? "not_found" : "success",
        createdAt: at.toISOString(),
        errorMessage: outcome.disappeared ? "The company is no longer found in the register." : null,
      });
      if (outcome.categories.length)
        ctx.sendWebhook("monitor.notification", monitorNotification(monitor, outcome.categories, outcome.disappeared, at));
      if (outcome.disappeared) monitor.deactivated = true;
      monitor.nextCheckAt = new Date(at.getTime() + dayMs).toISOString();
      checks++;
    }
  }
  if (checks) ctx.store.changed();
  return checks;
}
