import { Hono } from "hono";
import { z } from "zod";
import { isRegistryCountry } from "../../lib/registry/countries.shared";
import { metadataLimits } from "../../lib/registry/metadata-limits.shared";
import { changeCategories } from "../../lib/registry/schemas.shared";
import { apiError, issueDetails } from "../api-error";
import { monitorSpecialId } from "../special-errors";
import { decodeCursor, encodeCursor, newMonitorId } from "../ids";
import { checkIntervalMs } from "../monitor-checks";
import { monitorNotification } from "../monitor-notification";
import { monitoringCountries, monitoringExcluded } from "../pricing";
import type { SimulatorContext } from "../simulator-context";
import type { SimState, StoredMonitor } from "../state";

const createBody = z.object({
  companyId: z.string().trim().min(1),
  countryCode: z.string(),
  metadata: z.record(z.string(), z.string()).optional(),
});

/** The API's own handling of metadata: over 50 keys refused; long keys skipped, long values truncated. */
export function storedMetadata(metadata: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(metadata)
      .filter(([key]) => Array.from(key).length <= metadataLimits.maxKeyLength)
      .map(([key, value]) => [key, Array.from(value).slice(0, metadataLimits.maxValueLength).join("")]),
  );
}

/** Why a country the spec lists is refused: the vendor's documentation lists fewer monitoring countries. */
export function unsupportedCountryMessage(country: string): string {
  return (
    `Monitoring is not supported for ${country}: the registry monitors fewer countries than it retrieves ` +
    `(not ${monitoringExcluded.join(", ")}). Company requests for ${country} still work.`
  );
}

/** Registers whose shareholder data needs the customer's own account, by the vault source that holds it. */
const credentialSources: Record<string, string> = { FR: "infogreffe", DE: "handelsregister" };

/** Datapoints blocked until the vault (of the default workspace) holds the credentials their source needs. */
function datapointNotices(m: StoredMonitor, vault: SimState["vault"]) {
  const source = credentialSources[m.countryCode];
  if (!source || vault.default?.[source]) return [];
  return [
    {
      datapoint: "shareholders",
      status: "blocked_missing_credentials",
      message: `Add ${source} credentials to the vault to monitor shareholders; the other datapoints are monitored now.`,
    },
  ];
}

function page<T>(items: T[], first: number, after: string | undefined) {
  const offset = decodeCursor(after);
  if (offset === undefined) return undefined;
  const slice = items.slice(offset, offset + first);
  const hasNextPage = offset + first < items.length;
  return { slice, hasNextPage, nextCursor: hasNextPage ? encodeCursor(offset + first) : undefined };
}

export function monitorRoutes(ctx: SimulatorContext) {
  const app = new Hono();
  const { state } = ctx.store;
  const view = (m: StoredMonitor) => ({
    id: m.id,
    companyId: m.companyId,
    countryCode: m.countryCode,
    companyName: m.companyName,
    metadata: m.metadata,
    createdAt: m.createdAt,
    datapointNotices: datapointNotices(m, state.vault),
  });
  const firstParam = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value));

  app.post("/", async (c) => {
    const parsed = createBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return apiError(c, 400, "invalid_request", "The monitor request is invalid.", issueDetails(parsed.error.issues));
    const { companyId, countryCode, metadata } = parsed.data;
    if (!isRegistryCountry(countryCode)) return apiError(c, 400, "invalid_request", `Unknown countryCode ${countryCode}.`);
    if (!monitoringCountries.includes(countryCode)) return apiError(c, 400, "invalid_request", unsupportedCountryMessage(countryCode));
    if (metadata && Object.keys(metadata).length > metadataLimits.maxKeys) {
      return apiError(c, 400, "invalid_request", `Metadata can hold at most ${metadataLimits.maxKeys} keys.`);
    }
    // A deactivated monitor (its company disappeared) is never handed back: a repeated start creates a fresh
    // monitor with a new id, and the old one stays readable, deactivated, with its logs.
    const existing = Object.values(state.monitors).find(
      (m) => !m.deactivated && m.companyId === companyId && m.countryCode === countryCode,
    );
    if (existing) {
      if (metadata) existing.metadata = storedMetadata(metadata); // create-or-retrieve: provided metadata replaces
      ctx.store.changed();
      return c.json(view(existing), 201);
    }
    const now = ctx.clock.now();
    const monitor: StoredMonitor = {
      id: newMonitorId(),
      companyId,
      countryCode,
      companyName: ctx.data.companyName(countryCode, companyId),
      metadata: storedMetadata(metadata ?? {}),
      createdAt: now.toISOString(),
      nextCheckAt: new Date(now.getTime() + checkIntervalMs).toISOString(),
      deactivated: false,
      logs: monitorSpecialId(companyId)?.checks === "stale" ? [staleCheck(now)] : [],
    };
    state.monitors[monitor.id] = monitor;
    ctx.store.changed();
    return c.json(view(monitor), 201);
  });

  app.get("/", (c) => {
    const first = firstParam(c.req.query("first"), 50);
    if (!Number.isInteger(first) || first < 1) return apiError(c, 400, "invalid_request", "`first` must be a whole number of at least 1.");
    const { companyId, countryCode } = c.req.query();
    const matching = Object.values(state.monitors)
      .filter((m) => !m.deactivated && (!companyId || m.companyId === companyId) && (!countryCode || m.countryCode === countryCode))
      // Oldest first. Two monitors created in the same millisecond keep the order they were created in: the map
      // holds them in that order and the sort is stable (their random ids would shuffle them).
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const result = page(matching, first, c.req.query("after"));
    if (!result) return apiError(c, 400, "invalid_request", "The cursor is not valid.");
    return c.json({
      monitors: result.slice.map(view),
      total: matching.length,
      hasNextPage: result.hasNextPage,
      nextCursor: result.nextCursor,
    });
  });

  // A monitor deactivated by its company disappearing stays readable (details and logs), but is not listed.
  const found = (id: string) => (Object.hasOwn(state.monitors, id) ? state.monitors[id] : undefined);
  const notFound = (c: Parameters<typeof apiError>[0]) => apiError(c, 404, "not_found", "Monitor not found or access denied.");

  app.get("/:id", (c) => {
    const monitor = found(c.req.param("id"));
    return monitor
      ? c.json({ ...view(monitor), active: !monitor.deactivated, lastFetchedAt: monitor.logs.at(-1)?.createdAt ?? null })
      : notFound(c);
  });

  app.delete("/:id", (c) => {
    const monitor = found(c.req.param("id"));
    if (!monitor) return notFound(c);
    delete state.monitors[monitor.id];
    ctx.store.changed();
    return c.body(null, 204);
  });

  app.get("/:id/logs", (c) => {
    const monitor = found(c.req.param("id"));
    if (!monitor) return notFound(c);
    const first = firstParam(c.req.query("first"), 25);
    if (!Number.isInteger(first) || first < 1) return apiError(c, 400, "invalid_request", "`first` must be a whole number of at least 1.");
    const newestFirst = [...monitor.logs].reverse();
    const result = page(newestFirst, first, c.req.query("after"));
    if (!result) return apiError(c, 400, "invalid_request", "The cursor is not valid.");
    return c.json({ logs: result.slice, hasNextPage: result.hasNextPage, nextCursor: result.nextCursor });
  });

  app.post("/:id/test-notification", async (c) => {
    const monitor = found(c.req.param("id"));
    if (!monitor) return notFound(c);
    const body = (await c.req.json().catch(() => undefined)) as
      { changeCategories?: unknown; monitorHasBeenDeactivated?: unknown } | undefined;
    const categories = body?.changeCategories;
    if (
      !Array.isArray(categories) ||
      categories.length === 0 ||
      !categories.every((x) => (changeCategories as readonly unknown[]).includes(x))
    ) {
      return apiError(c, 400, "invalid_request", `changeCategories must list one or more of: ${changeCategories.join(", ")}.`);
    }
    const deactivation = body?.monitorHasBeenDeactivated ?? false;
    if (typeof deactivation !== "boolean") return apiError(c, 400, "invalid_request", "monitorHasBeenDeactivated must be true or false.");
    if (!ctx.webhookEndpoint()) return apiError(c, 400, "invalid_request", "No webhook endpoint is configured.");
    // Built like a real one, but nothing of the monitor changes: not its state, its logs nor its next check.
    const payload = monitorNotification(monitor, categories as string[], deactivation, ctx.clock.now());
    ctx.sendWebhook("monitor.notification", payload);
    return c.json(payload);
  });

  return app;
}

/**
 * A MONITOR_STALE monitor's only log entry: a check 30 days before it was created. A console comparing it with its
 * own clock sees a monitor not checked for over 48 hours at once, even while the simulated clock has been moved a
 * few days ahead (jumps a console on the real clock cannot see).
 */
function staleCheck(createdAt: Date): StoredMonitor["logs"][number] {
  return {
    id: `log_stale_${createdAt.getTime()}`,
    changeDetected: false,
    changeCategories: [],
    fetchStatus: "success",
    createdAt: new Date(createdAt.getTime() - 30 * 24 * 3600_000).toISOString(),
    errorMessage: null,
  };
}
