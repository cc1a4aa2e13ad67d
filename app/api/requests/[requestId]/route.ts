import { NextResponse } from "next/server";
import { roleRoute } from "@/lib/auth/role-route";
import { sectionFor } from "@/lib/navigation/sections";
import { pollRequest } from "@/lib/requests/poll-request";
import { storedRequest, withoutSignedUrls } from "@/lib/requests/stored-request";

const notFound = () => NextResponse.json({ error: { code: "not_found", message: "This console has no request with this id." } }, { status: 404 });

/**
 * A request's merged snapshot as stored, without its signed URLs (downloads go through the documents route). With `?poll=1` it first reads the registry (the fallback when no
 * webhook reaches the console); a registry error is returned beside the stored state, never instead of it.
 */
export const GET = roleRoute(sectionFor("/requests").roles, async (request, context: RouteContext<"/api/requests/[requestId]">) => {
  const { requestId } = await context.params;
  const before = await storedRequest(requestId);
  if (!before) return notFound();
  const poll = request.nextUrl.searchParams.get("poll") === "1" && before.connectionId && !before.complete ? await pollRequest(before.connectionId, requestId) : undefined;
  const current = poll?.ok ? await storedRequest(requestId) : before;
  return NextResponse.json({ request: withoutSignedUrls(current ?? before), ...(poll && !poll.ok && { pollError: poll.error }) }, { headers: { "Cache-Control": "no-store" } });
});
