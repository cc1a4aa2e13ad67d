import "server-only";
import { createHash } from "node:crypto";
import { Transform } from "node:stream";

export type Digest = { sha256: string; bytes: number };

/**
 * A pass-through that hashes (SHA-256) and counts what flows through it, so a file is digested while it is
 * streamed into the ZIP, never held whole. `digest()` is read once the stream has ended. `beforeEnd` runs with
 * the digest before the last byte is let out (the pack audits itself there); if it fails, the stream fails.
 */
export function digestStream(beforeEnd?: (digest: Digest) => Promise<void>): { stream: Transform; digest: () => Digest } {
  const hash = createHash("sha256");
  let bytes = 0;
  let sha256: string | undefined;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      sha256 = hash.digest("hex");
      if (!beforeEnd) return done();
      beforeEnd({ sha256, bytes }).then(
        () => done(),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  return {
    stream,
    digest: () => {
      if (sha256 === undefined) throw new Error("The stream has not ended: its digest is not known yet.");
      return { sha256, bytes };
    },
  };
}
