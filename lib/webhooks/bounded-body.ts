import "server-only";
import type { IncomingMessage } from "node:http";
import type { ByteHold } from "./byte-budget";

/** What one body may take: bytes, bytes held in the process's budget as they arrive, and time. */
export type BodyLimits = { maxBytes: number; hold: ByteHold; timeoutMs: number };

export type BodyRefusal = "too_large" | "over_budget" | "timed_out";

export type BoundedBody = { ok: true; bytes: Buffer } | { ok: false; reason: BodyRefusal };

/** One body's chunks as they come: each counted against the cap and the budget before it is kept. */
function collector(limits: BodyLimits) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return {
    /** Keeps `chunk`, or says why the body ends here (nothing of it kept). */
    add(chunk: Uint8Array): BodyRefusal | undefined {
      if (size + chunk.byteLength > limits.maxBytes) return "too_large";
      if (!limits.hold.take(chunk.byteLength)) return "over_budget";
      size += chunk.byteLength;
      chunks.push(chunk);
    },
    whole: (): BoundedBody => ({ ok: true, bytes: Buffer.concat(chunks, size) }),
  };
}

/**
 * Reads a request's body as a stream within its limits, and gives up (cancelling the stream, so the rest is
 * never read) at the first chunk past the cap or the budget, or when the whole body has not arrived within
 * `timeoutMs`. The only body read a sender without credentials can make this server do, so nothing unbounded is
 * buffered, nothing waits unboundedly, and nothing is hashed or parsed before the body is known to be acceptable.
 * (A declared `Content-Length` over the cap is refused before this is called: lib/webhooks/intake.ts.)
 */
export async function readBoundedBody(request: Request, limits: BodyLimits): Promise<BoundedBody> {
  if (!request.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = request.body.getReader();
  const body = collector(limits);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timed_out">((resolve) => (timer = setTimeout(() => resolve("timed_out"), limits.timeoutMs)));
  try {
    for (;;) {
      const read = await Promise.race([reader.read(), timedOut]);
      if (read !== "timed_out" && read.done) return body.whole();
      const refusal = read === "timed_out" ? read : body.add(read.value);
      if (refusal) {
        void reader.cancel().catch(() => {});
        return { ok: false, reason: refusal };
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The same for a node:http request (the launcher's server, lib/webhooks/serve-webhook.ts). On a refusal it stops
 * reading and leaves the message paused: the caller answers and closes the connection, and the rest is never
 * read. A request that fails or is aborted mid-body rejects.
 */
export function readBoundedMessage(message: IncomingMessage, limits: BodyLimits): Promise<BoundedBody> {
  return new Promise((resolve, reject) => {
    const body = collector(limits);
    const settle = (settled: () => void) => {
      clearTimeout(timer);
      message.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      settled();
    };
    const refuse = (reason: BodyRefusal) => settle(() => (message.pause(), resolve({ ok: false, reason })));
    const onData = (chunk: Buffer) => {
      const refusal = body.add(chunk);
      if (refusal) refuse(refusal);
    };
    const onEnd = () => settle(() => resolve(body.whole()));
    const onError = (error: Error) => settle(() => reject(error));
    const onClose = () => message.complete || onError(new Error("the connection closed before the body ended"));
    const timer = setTimeout(() => refuse("timed_out"), limits.timeoutMs);
    message.on("data", onData).on("end", onEnd).once("error", onError).once("close", onClose);
  });
}
