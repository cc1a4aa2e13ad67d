import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { searchQuerySchema } from "../../lib/registry/schemas.shared";
import type { RegistryCountry } from "../../lib/registry/countries.shared";
import { apiError, issueDetails } from "../api-error";
import { searchCompanies } from "../data/search";
import type { SimulatorContext } from "../simulator-context";
import { specialError } from "../special-errors";

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/** GET /v2/search: JSON, or Server-Sent Events with `stream=true` (one `progress` per source, then `complete`). */
export function searchRoutes(_ctx: SimulatorContext) {
  const app = new Hono();

  app.get("/", (c) => {
    const parsed = searchQuerySchema.safeParse({
      country: c.req.query("country"),
      query: c.req.query("query") ?? "",
      transliterate: c.req.query("transliterate") === "true",
    });
    if (!parsed.success)
      return apiError(
        c,
        400,
        "invalid_request",
        parsed.error.issues[0]?.message ?? "The search is invalid.",
        issueDetails(parsed.error.issues),
      );
    const { country, query, transliterate } = parsed.data;
    const { sources } = searchCompanies(country as RegistryCountry, query, { transliterate: transliterate ?? false });
    const failing = specialError(query)?.where === "search";

    if (c.req.query("stream") !== "true") {
      if (failing) return apiError(c, 500, "service_unavailable", "Search failed; retry later.");
      return c.json(sources.flatMap((s) => s.results));
    }

    return streamSSE(c, async (stream) => {
      const signal = c.req.raw.signal;
      const ordered = [...sources].sort((a, b) => a.delayMs - b.delayMs);
      const seen: unknown[] = [];
      let elapsed = 0;
      for (const [index, source] of ordered.entries()) {
        await sleep(source.delayMs - elapsed, signal);
        elapsed = source.delayMs;
        if (signal.aborted) return;
        if (failing && index === 1) {
          await stream.writeSSE({
            event: "error",
            data: JSON.stringify({ statusCode: 500, error: { code: "service_unavailable", message: "Search failed; retry later." } }),
          });
          return;
        }
        seen.push(...source.results);
        await stream.writeSSE({ event: "progress", data: JSON.stringify({ results: seen, source: source.name }) });
      }
      await stream.writeSSE({ event: "complete", data: JSON.stringify({ results: seen }) });
    });
  });

  return app;
}
