import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { digestStream } from "./digest-stream";
import { buildManifest, manifestNote, sha256Hex } from "./manifest";

const input = {
  requestId: "req_1",
  version: 3,
  consoleVersion: "0.1.0",
  generatedAt: new Date("2026-11-24T10:00:00Z"),
  generatedBy: "auditor@example.com",
  files: [
    { path: "snapshot.json", sha256: sha256Hex("{}"), bytes: 2 },
    { path: "documents/extract.pdf", sha256: sha256Hex("pdf"), bytes: 3 },
  ],
};

describe("evidence manifest", () => {
  it("lists each file's SHA-256 and size, the console version, when and by whom, and says what it leaves out", () => {
    const manifest = buildManifest(input);
    const body = JSON.parse(manifest.json.toString("utf8"));
    expect(body).toMatchObject({
      note: manifestNote,
      requestId: "req_1",
      version: 3,
      console: { version: "0.1.0" },
      generatedAt: "2026-11-24T10:00:00.000Z",
      generatedBy: "auditor@example.com",
      files: [
        { path: "snapshot.json", sha256: "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a", bytes: 2 },
        { path: "documents/extract.pdf", sha256: sha256Hex("pdf"), bytes: 3 },
      ],
    });
    expect(body.note).toMatch(/except manifest\.json itself and report\.pdf/);
  });

  it("names its own digest: the SHA-256 of exactly the bytes written", () => {
    const manifest = buildManifest(input);
    expect(manifest.sha256).toBe(sha256Hex(manifest.json));
    expect(manifest.bytes).toBe(manifest.json.length);
    expect(buildManifest(input).sha256).toBe(manifest.sha256);
    expect(buildManifest({ ...input, generatedBy: "someone@else" }).sha256).not.toBe(manifest.sha256);
  });

  it("refuses to list itself, the report, or a path twice", () => {
    for (const path of ["manifest.json", "report.pdf", "snapshot.json"]) {
      expect(() => buildManifest({ ...input, files: [...input.files, { path, sha256: sha256Hex(""), bytes: 0 }] })).toThrow(path);
    }
  });
});

describe("digest stream", () => {
  it("hashes and counts what flows through, unchanged", async () => {
    const { stream, digest } = digestStream();
    const chunks: Buffer[] = [];
    expect(digest).toThrow(/not ended/);
    await pipeline(Readable.from([Buffer.from("hello "), Buffer.from("world")]), stream, async function* (source) {
      for await (const chunk of source) chunks.push(chunk as Buffer);
    });
    expect(Buffer.concat(chunks).toString()).toBe("hello world");
    expect(digest()).toEqual({ sha256: sha256Hex("hello world"), bytes: 11 });
  });
});
