import { describe, expect, it } from "vitest";
import { findUnstorableText, mayHoldUnstorableText, postgresDataError, storableText } from "./storable";

describe("what Postgres can store", () => {
  it("finds U+0000 and unpaired surrogates in strings and keys, with their path", () => {
    expect(findUnstorableText({ a: [1, "ok", { b: "x\u0000" }] })).toBe("$.a[2].b");
    expect(findUnstorableText({ a: { "k\ud800": 1 } })).toBe("$.a.k\uFFFD");
    expect(findUnstorableText(["fine", "\udc00 alone"])).toBe("$[1]");
    expect(findUnstorableText({ emoji: "🏢 Müller", nested: [[null, true, 3.5]] })).toBeUndefined();
  });

  it("only walks a payload whose body has a \\u escape, the one way JSON can carry those characters", () => {
    expect(mayHoldUnstorableText('{"a":"plain"}')).toBe(false);
    expect(mayHoldUnstorableText(Buffer.from('{"a":"x\\u0000"}'))).toBe(true);
    expect(mayHoldUnstorableText(JSON.stringify({ a: "\ud800" }))).toBe(true);
    // A Uint8Array that is a view into a larger buffer: only its own bytes count.
    const bytes = Buffer.from('\\u{"a":1}');
    expect(mayHoldUnstorableText(new Uint8Array(bytes.buffer, bytes.byteOffset + 2, bytes.byteLength - 2))).toBe(false);
  });

  it("turns any text into a storable label of bounded length", () => {
    expect(storableText("a\u0000b\ud800", 10)).toBe("a\uFFFDb\uFFFD");
    expect(storableText("x".repeat(300), 200)).toHaveLength(200);
    expect(storableText("x".repeat(300), 200).endsWith("…")).toBe(true);
  });

  it("tells a refusal of the data (class 22, 54) from a failure a retry may get past, through drizzle's wrapping", () => {
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
    const wrapped = (cause: Error) => new Error("Failed query: insert …", { cause });
    expect(postgresDataError(wrapped(pgError("22P05", "unsupported Unicode escape sequence")))).toEqual({
      code: "22P05",
      message: "unsupported Unicode escape sequence",
    });
    expect(postgresDataError(pgError("54000", "index row size 3000 exceeds btree version 4 maximum 2704"))?.code).toBe("54000");
    for (const code of ["40001", "57P01", "08006", "23505", "42P01"])
      expect(postgresDataError(wrapped(pgError(code, "no")))).toBeUndefined();
    expect(postgresDataError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBeUndefined();
    expect(postgresDataError("not an error")).toBeUndefined();
  });
});
