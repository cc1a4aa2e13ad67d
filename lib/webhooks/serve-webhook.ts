import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { db } from "@/db/client";
import { readBoundedMessage, type BodyLimits } from "./bounded-body";
import { takeDelivery, type IntakeAnswer, type IntakeLimits } from "./intake";
import { unavailable } from "./receive";
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
 * the same checks, verification and storage as the Next.js route (app/api/webhooks/registry/[connectionId]),
 * through one takeDelivery, without a framework's routing and request objects around every delivery, which cost
 * more CPU than storing it. A request whose body is refused unread, or not read to its end (404, 401 for missing
 * signature headers, 413, 503, 408), is answered and its connection closed behind the answer: the rest of its
 * body is never read or buffered, and the sender cannot hold the connection by sending more.
 */
export async function serveWebhook(
  request: IncomingMessage,
  response: ServerResponse,
  connectionId: string,
  limits?: IntakeLimits,
): Promise<void> {
  let answer: IntakeAnswer;
  try {
    const delivery = { headers: messageHeaders(request), readBody: (body: BodyLimits) => readBoundedMessage(request, body) };
    answer = await takeDelivery(db(), connectionId, delivery, limits);
  } catch (error) {
    if (request.destroyed) return; // the sender went away mid-body: nobody to answer
    console.error("[webhooks] delivery not handled:", error);
    answer = unavailable;
  }
  // A body left unread: node closes the connection once the answer is sent (`connection: close`), reading nothing more.
  const close = answer.bodyUnread ? { connection: "close" } : {};
  response.writeHead(answer.status, { ...answerHeaders, ...answer.headers, ...close }).end(JSON.stringify(answer.body));
}
