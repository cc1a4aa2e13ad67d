export type BoundedBody = { ok: true; bytes: Buffer } | { ok: false; reason: "too_large" };

/**
 * Reads a request's body as a stream, counting bytes as they come, and gives up (cancelling the stream, so the
 * rest is never read) once they pass `maxBytes`; a declared `Content-Length` above it is refused before reading
 * at all. The only body read a sender without credentials can make this server do, so nothing unbounded is
 * buffered and nothing is hashed or parsed before the size is known to be acceptable.
 */
export async function readBoundedBody(request: Request, maxBytes: number): Promise<BoundedBody> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return { ok: false, reason: "too_large" };
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
      return { ok: false, reason: "too_large" };
    }
    chunks.push(value);
  }
  return { ok: true, bytes: Buffer.concat(chunks, size) };
}
