import { NextResponse } from "next/server";
import { db } from "@/db/client";
import { receiveWebhook } from "@/lib/webhooks/receive";

/**
 * Signed webhooks from the registry (or the simulator) for one connection. No session: the signature is the
 * check (lib/webhooks/verify.ts). The body is read once, raw, because the signature covers its exact bytes.
 */
export async function POST(request: Request, context: RouteContext<"/api/webhooks/registry/[connectionId]">) {
  const arrivedAt = performance.now();
  const { connectionId } = await context.params;
  const rawBody = await request.text();
  const result = await receiveWebhook(db(), { connectionId, rawBody, headers: request.headers, arrivedAt });
  return NextResponse.json(result.body, { status: result.status, headers: { "Cache-Control": "no-store" } });
}
