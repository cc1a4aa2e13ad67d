import { NextResponse } from "next/server";
import { registryRoute } from "@/lib/registry-seam/registry-route";
import { pollRequest } from "@/lib/requests/poll-request";
import { storedRequest, withoutSignedUrls } from "@/lib/requests/stored-request";

/**
 * A request's merged snapshot as stored, without its signed URLs (downloads go through the documents route). With `?poll=1` it first reads the registry (the fallback when no
 * webhook reaches the console) through the request's own connection; a registry error is returned beside the stored state, never instead of it.
 */
export const GET = registryRoute(
  "readDossiers",
  async (request, _context: RouteContext<"/api/requests/[requestId]">, { followed: before }) => {
    const poll =
      request.nextUrl.searchParams.get("poll") === "1" && before.connectionId && !before.complete
        ? await pollRequest(before.connectionId, before.requestId)
        : undefined;
    const current = poll?.ok ? await storedRequest(before.requestId) : before;
    return NextResponse.json(
      { request: withoutSignedUrls(current ?? before), ...(poll && !poll.ok && { pollError: poll.error }) },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
  { followUp: async (context) => (await context.params).requestId },
);
