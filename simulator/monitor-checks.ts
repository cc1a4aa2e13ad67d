import { absentDigest, categoriesOfFields, changedFields, fieldDigests } from "./company-changes";
import { companyData } from "./company-data";
import { monitorNotification } from "./monitor-notification";
import type { SimulatorContext } from "./simulator-context";
import { monitorSpecialId } from "./special-errors";
import type { SimState, StoredMonitor } from "./state";

export const checkIntervalMs = 24 * 3600_000;
export const checkErrorMessage = "The register did not answer this check; the next daily check tries again.";
export const disappearedMessage = "The company is no longer found in the register.";

/**
 * Applies `change` to a user-defined company. Each active monitor of it remembers, for every field that moved,
 * the value its last check saw (only the first move since that check counts, so a change undone before the next
 * check reports nothing). Monitors also take the company's new name.
 */
export function changeMonitoredCompany(state: SimState, country: string, id: string, change: () => void): void {
  const monitors = Object.values(state.monitors).filter((m) => m.countryCode === country && m.companyId === id);
  if (!monitors.length) return change();
  const before = fieldDigests(companyData(state, country, id).sections);
  change();
  const after = companyData(state, country, id);
  const moved = changedFields(before, fieldDigests(after.sections));
  for (const monitor of monitors) {
    monitor.companyName = after.companyName;
    if (monitor.deactivated || !moved.length) continue;
    const unreported = (monitor.unreportedChanges ??= {});
    for (const key of moved) unreported[key] ??= before[key] ?? absentDigest;
  }
}

/** The categories of the fields that still differ from what the monitor's last check saw. */
function unreportedCategories(state: SimState, monitor: StoredMonitor): string[] {
  const unreported = monitor.unreportedChanges;
  if (!unreported) return [];
  const now = fieldDigests(companyData(state, monitor.countryCode, monitor.companyId).sections);
  return categoriesOfFields(Object.keys(unreported).filter((key) => (now[key] ?? absentDigest) !== unreported[key]));
}

type Log = StoredMonitor["logs"][number];

/** One daily check: a log entry (never for MONITOR_STALE), and a notification when something changed. */
function check(ctx: SimulatorContext, monitor: StoredMonitor, at: Date): void {
  const { state } = ctx.store;
  const log = (entry: Pick<Log, "changeDetected" | "changeCategories" | "fetchStatus" | "errorMessage">) =>
    monitor.logs.push({ id: `log_${monitor.id}_${monitor.logs.length + 1}`, createdAt: at.toISOString(), ...entry });
  const special = monitorSpecialId(monitor.companyId)?.checks;
  if (special === "stale") return;
  if (special === "error") {
    // Nothing was fetched, so nothing is reported: changes wait for a check that succeeds.
    log({ changeDetected: false, changeCategories: [], fetchStatus: "error", errorMessage: checkErrorMessage });
    return;
  }
  if (state.userCompanies[`${monitor.countryCode}:${monitor.companyId}`]?.disappeared) {
    log({ changeDetected: true, changeCategories: ["disappeared"], fetchStatus: "not_found", errorMessage: disappearedMessage });
    ctx.sendWebhook("monitor.notification", monitorNotification(monitor, ["disappeared"], true, at));
    monitor.deactivated = true;
    delete monitor.unreportedChanges;
    return;
  }
  const categories = unreportedCategories(state, monitor);
  delete monitor.unreportedChanges;
  log({ changeDetected: categories.length > 0, changeCategories: categories, fetchStatus: "success", errorMessage: null });
  if (categories.length) ctx.sendWebhook("monitor.notification", monitorNotification(monitor, categories, false, at));
}

/** Runs every daily check that is due on the simulated clock, 24 hours apart from the monitor's creation. */
export function runDueMonitorChecks(ctx: SimulatorContext): number {
  const now = ctx.clock.now().getTime();
  let checks = 0;
  for (const monitor of Object.values(ctx.store.state.monitors)) {
    while (!monitor.deactivated && Date.parse(monitor.nextCheckAt) <= now) {
      const at = new Date(monitor.nextCheckAt);
      check(ctx, monitor, at);
      monitor.nextCheckAt = new Date(at.getTime() + checkIntervalMs).toISOString();
      checks++;
    }
  }
  if (checks) ctx.store.changed();
  return checks;
}
