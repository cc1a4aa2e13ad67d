import type { IncomingMessage } from "node:http";

export type BoundedBody = { ok: true; bytes: Buffer } | { ok: false; reason: "too_large" };

const tooLarge: BoundedBody = { ok: false, reason: "too_large" };

/** The 413 answer to a body over the cap, the same from both webhook entry points. */
export function payloadTooLarge(maxBytes: number) {
  const message = `The body is larger than ${maxBytes} bytes (WEBHOOK_MAX_BYTES); nothing was read further or stored.`;
  return { error: { code: "payload_too_large", message } };
}

/** A declared `Content-Length` over the cap: refused before a byte is read. */
const declaresTooMuch = (contentLength: string | null | undefined, maxBytes: number) => Number(contentLength ?? Number.NaN) > maxBytes;

/**
 * Reads a request's body as a stream, counting bytes as they come, and gives up (cancelling the stream, so the
 * rest is never read) once they pass `maxBytes`; a declared `Content-Length` above it is refused before reading
 * at all. The only body read a sender without credentials can make this server do, so nothing unbounded is
 * buffered and nothing is hashed or parsed before the size is known to be acceptable.
 */
export async function readBoundedBody(request: Request, maxBytes: number): Promise<BoundedBody> {
  if (declaresTooMuch(request.headers.get("content-length"), maxBytes)) {
    await request.body?.cancel().catch(() => {});
    return tooLarge;
  }
  if (!request.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return tooLarge;
    }
    chunks.push(value);
  }
  return { ok: true, bytes: Buffer.concat(chunks, size) };
}

/**
 * The same for a node:http request (the launcher's server, lib/webhooks/serve-webhook.ts). Past the cap it stops
 * reading and leaves the message paused: the caller answers 413 and closes the connection, and the rest is never
 * read. A request that fails or is aborted mid-body rejects.
 */
export function readBoundedMessage(message: IncomingMessage, maxBytes: number): Promise<BoundedBody> {
  if (declaresTooMuch(message.headers["content-length"], maxBytes)) return Promise.resolve(tooLarge);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= maxBytes) return void chunks.push(chunk);
      message.off("data", onData).off("end", onEnd).pause();
      resolve(tooLarge);
    };
    const onEnd = () => resolve({ ok: true, bytes: Buffer.concat(chunks, size) });
    message.on("data", onData).on("end", onEnd).once("error", reject);
    message.once("close", () => message.complete || reject(new Error("the connection closed before the body ended")));
  });
}
