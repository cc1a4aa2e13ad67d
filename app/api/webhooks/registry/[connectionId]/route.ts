import { NextResponse } from "next/server";
import { db } from "@/db/client";
import { appEnv } from "@/lib/env";
import { payloadTooLarge, readBoundedBody } from "@/lib/webhooks/bounded-body";
import { receiveWebhook } from "@/lib/webhooks/receive";

const noStore = { "Cache-Control": "no-store" };

/**
 * Signed webhooks from the registry (or the simulator) for one connection. No session: the signature is the
 * check (lib/webhooks/verify.ts), and the proxy does not run here, so this route bounds what it reads itself:
 * a body over WEBHOOK_MAX_BYTES is answered 413 before any hashing. The body is read raw, as bytes, because the
 * signature covers them exactly.
 *
 * `npm start` serves these deliveries before Next.js sees them (lib/webhooks/serve-webhook.ts, same URL, same
 * answers, less CPU each); this route answers them under `next dev` and a plain `next start`.
 */
export async function POST(request: Request, context: RouteContext<"/api/webhooks/registry/[connectionId]">) {
  const arrivedAt = performance.now();
  const { connectionId } = await context.params;
  const maxBytes = appEnv().WEBHOOK_MAX_BYTES;
  const body = await readBoundedBody(request, maxBytes);
  if (!body.ok) return NextResponse.json(payloadTooLarge(maxBytes), { status: 413, headers: noStore });
  const result = await receiveWebhook(db(), { connectionId, rawBody: body.bytes, headers: request.headers, arrivedAt });
  return NextResponse.json(result.body, { status: result.status, headers: noStore });
}
