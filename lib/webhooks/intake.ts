import "server-only";
import type { Database } from "@/db/client";
import { appEnv } from "@/lib/env";
import type { BoundedBody, BodyLimits, BodyRefusal } from "./bounded-body";
import { ByteBudget, type ByteHold } from "./byte-budget";
import { isKnownConnection } from "./known-connections";
import { invalidSignature, receiveWebhook, unavailable, unknownConnection, type ReceiveResult } from "./receive";
import { recordRejection } from "./rejections";
import { bodyReadTimeoutMs } from "./time-limits";
import { signatureHeaders, type HeaderReader } from "./verify";

/** What a sender refused for the budget is told to wait: about as long as a body may take to arrive. */
export const busyRetryAfterSeconds = 5;

export type IntakeLimits = { maxBytes: number; readTimeoutMs: number; budget: ByteBudget };

let processBudget: ByteBudget | undefined;

/** This process's limits, from the environment; the budget is one for every delivery the process serves. */
export function intakeLimits(): IntakeLimits {
  const env = appEnv();
  processBudget ??= new ByteBudget(env.WEBHOOK_INFLIGHT_MAX_BYTES);
  return { maxBytes: env.WEBHOOK_MAX_BYTES, readTimeoutMs: bodyReadTimeoutMs, budget: processBudget };
}

export type IntakeAnswer = {
  status: ReceiveResult["status"] | 408 | 413;
  body: ReceiveResult["body"];
  /** Headers the answer adds (Retry-After). */
  headers?: Record<string, string>;
  /** The body was not read to its end: whoever serves the request closes its connection behind the answer. */
  bodyUnread?: true;
};

/** A delivery as an entry point hands it over: its headers, and how to read its body within limits. */
export type IncomingDelivery = { headers: HeaderReader; readBody: (limits: BodyLimits) => Promise<BoundedBody> };

/**
 * One request to a connection's webhook URL, from either entry point (the app server's node:http front and the
 * Next.js route). What can be refused from the headers is refused before a byte of the body is read, in this
 * order: a URL that is no connection's (404), a request without the three signature headers (401, counted as a
 * rejection like a bad signature), a declared length over WEBHOOK_MAX_BYTES (413), a declared length the
 * process's in-flight budget cannot take now (503 with Retry-After). The body is then read within the cap, the
 * budget and `readTimeoutMs` (408 when it does not arrive in time), and handed to receiveWebhook. The bytes it
 * holds go back to the budget once the delivery is answered.
 */
export async function takeDelivery(
  database: Database,
  connectionId: string,
  delivery: IncomingDelivery,
  limits: IntakeLimits = intakeLimits(),
): Promise<IntakeAnswer> {
  const arrivedAt = performance.now();
  const admitted = await admit(database, connectionId, delivery.headers, limits);
  if ("status" in admitted) return { ...admitted, bodyUnread: true };
  const { hold } = admitted;
  try {
    const body = await delivery.readBody({ maxBytes: limits.maxBytes, hold, timeoutMs: limits.readTimeoutMs });
    if (!body.ok) return { ...refusedBody[body.reason](limits), bodyUnread: true };
    return await receiveWebhook(database, { connectionId, rawBody: body.bytes, headers: delivery.headers, arrivedAt });
  } finally {
    hold.release();
  }
}

async function admit(
  database: Database,
  connectionId: string,
  headers: HeaderReader,
  limits: IntakeLimits,
): Promise<{ hold: ByteHold } | IntakeAnswer> {
  let known: boolean;
  try {
    known = await isKnownConnection(database, connectionId);
  } catch (error) {
    console.error("[webhooks] could not read which connections exist:", error);
    return unavailable;
  }
  if (!known) return unknownConnection;
  const signed = signatureHeaders(headers);
  if (!signed.ok) {
    recordRejection(database, connectionId.toLowerCase(), signed.reason, null);
    return invalidSignature(signed.reason);
  }
  const declared = Number(headers.get("content-length") ?? 0) || 0;
  if (declared > limits.maxBytes) return refusedBody.too_large(limits);
  const hold = limits.budget.admit(declared);
  return hold ? { hold } : refusedBody.over_budget(limits);
}

/** The answer to a body refused for each reason; nothing of it was stored. */
const refusedBody: Record<BodyRefusal, (limits: IntakeLimits) => IntakeAnswer> = {
  too_large: ({ maxBytes }) => ({
    status: 413,
    body: {
      error: {
        code: "payload_too_large",
        message: `The body is larger than ${maxBytes} bytes (WEBHOOK_MAX_BYTES); nothing was read further or stored.`,
      },
    },
  }),
  over_budget: () => ({
    status: 503,
    headers: { "retry-after": String(busyRetryAfterSeconds) },
    body: {
      error: {
        code: "busy",
        message: `Too many webhook bodies are being read at once (WEBHOOK_INFLIGHT_MAX_BYTES); nothing was stored. Retry after ${busyRetryAfterSeconds} seconds.`,
      },
    },
  }),
  timed_out: ({ readTimeoutMs }) => ({
    status: 408,
    body: {
      error: {
        code: "body_timeout",
        message: `The body did not arrive within ${readTimeoutMs / 1000} s; nothing was stored.`,
      },
    },
  }),
};
