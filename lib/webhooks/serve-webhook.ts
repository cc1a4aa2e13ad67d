import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { db } from "@/db/client";
import { appEnv } from "@/lib/env";
import { payloadTooLarge, readBoundedMessage } from "./bounded-body";
import { receiveWebhook, unavailable, type ReceiveResult } from "./receive";
import type { HeaderReader } from "./verify";

/** A node:http request's headers as verification reads them (node has already lower-cased the names). */
export function messageHeaders(message: IncomingMessage): HeaderReader {
  return {
    get: (name) => {
      const value = message.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

const answerHeaders = { "content-type": "application/json", "cache-control": "no-store", "x-content-type-options": "nosniff" };

/**
 * A webhook delivery served straight from node:http, in front of Next.js on the same port (scripts/app-server.ts):
 * the same body cap, verification and storage as the Next.js route (app/api/webhooks/registry/[connectionId]),
 * without a framework's routing and request objects around every delivery, which cost more CPU than storing it.
 * A body over WEBHOOK_MAX_BYTES is answered 413 and the connection closed, the rest unread.
 */
export async function serveWebhook(request: IncomingMessage, response: ServerResponse, connectionId: string): Promise<void> {
  const arrivedAt = performance.now();
  const maxBytes = appEnv().WEBHOOK_MAX_BYTES;
  let result: ReceiveResult;
  try {
    const body = await readBoundedMessage(request, maxBytes);
    if (!body.ok) {
      response.writeHead(413, { ...answerHeaders, connection: "close" }).end(JSON.stringify(payloadTooLarge(maxBytes)));
      return;
    }
    result = await receiveWebhook(db(), { connectionId, rawBody: body.bytes, headers: messageHeaders(request), arrivedAt });
  } catch (error) {
    if (request.destroyed) return; // the sender went away mid-body: nobody to answer
    console.error("[webhooks] delivery not handled:", error);
    result = unavailable;
  }
  response.writeHead(result.status, answerHeaders).end(JSON.stringify(result.body));
}
