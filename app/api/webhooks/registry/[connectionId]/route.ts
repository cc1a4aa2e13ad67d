import { NextResponse } from "next/server";
import { db } from "@/db/client";
import { readBoundedBody } from "@/lib/webhooks/bounded-body";
import { takeDelivery } from "@/lib/webhooks/intake";

const noStore = { "Cache-Control": "no-store" };

/**
 * Signed webhooks from the registry (or the simulator) for one connection. No session: the signature is the
 * check (lib/webhooks/verify.ts), and the proxy does not run here, so this route bounds what it reads itself,
 * through lib/webhooks/intake.ts: an unknown connection or missing signature headers are refused before the body
 * is read, and the body is read within WEBHOOK_MAX_BYTES, the process's in-flight budget and a time limit,
 * before any hashing. The body is read raw, as bytes, because the signature covers them exactly.
 *
 * `npm start` serves these deliveries before Next.js sees them (lib/webhooks/serve-webhook.ts, same URL, same
 * answers, less CPU each, and it closes the connection of a body it did not read); this route answers them under
 * `next dev` and a plain `next start`.
 */
export async function POST(request: Request, context: RouteContext<"/api/webhooks/registry/[connectionId]">) {
  const { connectionId } = await context.params;
  const answer = await takeDelivery(db(), connectionId, {
    headers: request.headers,
    readBody: (limits) => readBoundedBody(request, limits),
  });
  // Refused before reading: the stream is given up (a refusal while reading has cancelled it already).
  if (answer.bodyUnread && !request.body?.locked) void request.body?.cancel().catch(() => {});
  return NextResponse.json(answer.body, { status: answer.status, headers: { ...noStore, ...answer.headers } });
}
