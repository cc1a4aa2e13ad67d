import { audit } from "@/lib/audit/audit";
import { registryRoute } from "@/lib/registry-seam/registry-route";
import { errorResponse } from "@/lib/http/error-status";
import { searchQuerySchema } from "@/lib/registry/schemas.shared";
import { eventStreamHeaders } from "@/lib/http/event-stream-headers";
import { relaySearchStream } from "@/lib/search/relay-stream";

// A stream per request: never prerendered or cached.
export const dynamic = "force-dynamic";

/**
 * GET /api/search/stream?country=DE&query=…&transliterate=true: the registry's streaming search relayed
 * to the browser event by event (progress, complete, error). Audited when the search starts; the
 * upstream search is aborted when the browser goes away.
 */
export const GET = registryRoute("search", async (request, _context: unknown, { user, registry }) => {
  const params = request.nextUrl.searchParams;
  const parsed = searchQuerySchema.safeParse({
    country: params.get("country") ?? undefined,
    query: params.get("query") ?? "",
    transliterate: params.get("transliterate") === "true",
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return errorResponse({
      code: "invalid_input",
      message: issue?.path[0] === "country" ? "Choose one of the registry's countries." : (issue?.message ?? "The search is invalid."),
    });
  }
  const { connection, client } = await registry();
  const search = parsed.data;
  await audit(user, "search.performed", `${search.country}:${search.query}`, {
    country: search.country,
    query: search.query,
    transliterate: search.transliterate ?? false,
    connectionId: connection.id,
  });
  const stream = relaySearchStream((signal) => client.searchStream(search, { signal }), { signal: request.signal });
  return new Response(stream, { headers: eventStreamHeaders });
});
