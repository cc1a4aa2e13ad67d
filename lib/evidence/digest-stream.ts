import { createHash } from "node:crypto";
import { Transform } from "node:stream";

/**
 * A pass-through that hashes (SHA-256) and counts what flows through it, so a file is digested while it is
 * streamed into the ZIP, never held whole. `digest()` is read once the stream has ended.
 */
export function digestStream(): { stream: Transform; digest: () => { sha256: string; bytes: number } } {
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
      done();
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
