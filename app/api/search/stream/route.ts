import { NextResponse } from "next/server";
import { audit } from "@/lib/audit/audit";
import { roleRoute } from "@/lib/auth/role-route";
import { registryClientForRequest } from "@/lib/connections/active-connection";
import { sectionFor } from "@/lib/navigation/sections";
import { searchQuerySchema } from "@/lib/registry/schemas";
import { eventStreamHeaders } from "@/lib/http/event-stream-headers";
import { relaySearchStream } from "@/lib/search/relay-stream";

// A stream per request: never prerendered or cached.
export const dynamic = "force-dynamic";

/**
 * GET /api/search/stream?country=DE&query=…&transliterate=true: the registry's streaming search relayed
 * to the browser event by event (progress, complete, error). Audited when the search starts; the
 * upstream search is aborted when the browser goes away.
 */
export const GET = roleRoute(sectionFor("/search").roles, async (request, _context: unknown, user) => {
  const params = request.nextUrl.searchParams;
  const parsed = searchQuerySchema.safeParse({
    country: params.get("country") ?? undefined,
    query: params.get("query") ?? "",
    transliterate: params.get("transliterate") === "true",
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return NextResponse.json(
      { error: { code: "invalid_request", message: issue?.path[0] === "country" ? "Choose one of the registry's countries." : (issue?.message ?? "The search is invalid.") } },
      { status: 400 },
    );
  }
  const registry = await registryClientForRequest();
  if (!registry) {
    return NextResponse.json({ error: { code: "no_connection", message: "No registry connection is configured. An admin adds one under Settings." } }, { status: 409 });
  }
  const search = parsed.data;
  await audit(user, "search.performed", `${search.country}:${search.query}`, {
    country: search.country,
    query: search.query,
    transliterate: search.transliterate ?? false,
    connectionId: registry.connection.id,
  });
  const stream = relaySearchStream((signal) => registry.client.searchStream(search, { signal }), { signal: request.signal });
  return new Response(stream, { headers: eventStreamHeaders });
});
