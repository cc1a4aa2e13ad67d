import { describe, expect, it } from "vitest";
import { generateEncryptionKey, open, parseEncryptionKey, seal, SecretKeyError } from "./crypto";

const key = parseEncryptionKey(generateEncryptionKey());

describe("secrets at rest", () => {
  it("round-trips and never contains the plaintext", () => {
    const sealed = seal("sk_live_abcdef0123456789", key);
    expect(sealed).not.toContain("abcdef0123456789");
    expect(open(sealed, key)).toBe("sk_live_abcdef0123456789");
  });

  it("uses a fresh IV every time", () => {
    expect(seal("same", key)).not.toBe(seal("same", key));
  });

  it("refuses a value sealed under another key, naming both keys", () => {
    const other = parseEncryptionKey(generateEncryptionKey());
    expect(() => open(seal("x", other), key)).toThrow(/encrypted under another key .* APP_ENCRYPTION_KEY is key/);
  });

  it("detects tampering", () => {
    const parts = seal("whsec_secret", key).split(".");
    const body = Buffer.from(parts[4]!, "base64url");
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString("base64url");
    expect(() => open(parts.join("."), key)).toThrow(SecretKeyError);
  });

  it("refuses a mangled IV or tag as corrupt, and a value that is not sealed at all", () => {
    const parts = seal("sk_live_x", key).split(".");
    expect(() => open([...parts.slice(0, 2), "a", ...parts.slice(3)].join("."), key)).toThrow(/altered or is corrupt/);
    expect(() => open([...parts.slice(0, 3), "ab", parts[4]].join("."), key)).toThrow(/altered or is corrupt/);
    expect(() => open("sk_live_plaintext", key)).toThrow(SecretKeyError);
  });

  it("accepts a key as base64 or hex and rejects other lengths", () => {
    const hex = "ab".repeat(32);
    expect(parseEncryptionKey(hex)).toHaveLength(32);
    expect(parseEncryptionKey(Buffer.from(hex, "hex").toString("base64"))).toEqual(parseEncryptionKey(hex));
    expect(() => parseEncryptionKey("c2hvcnQ=")).toThrow(/32 bytes/);
  });
});
