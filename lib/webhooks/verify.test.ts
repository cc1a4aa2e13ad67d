import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { Webhook, WebhookVerificationError } from "svix";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signPayload } from "../../simulator/webhooks/sign";
import { verifyWebhook } from "./verify";

// Signed with the simulator's signer; verified by our node:crypto verifier, and compared with the svix package.
const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const otherSecret = "whsec_Xg6Ww8Fs1hRvVz5EwqUa0yW7pTmQn2Lc";
const body = JSON.stringify({ type: "company.updated", request: { requestId: "req_1", version: 3 } });
const id = "msg_2LJmFZpXf9tYk3";
const now = () => Math.floor(Date.now() / 1000);

function headers(overrides: Record<string, string | undefined> = {}, signed = body, at = now(), key = secret): Headers {
  const h = new Headers();
  const values = { "svix-id": id, "svix-timestamp": String(at), "svix-signature": signPayload(key, id, at, signed), ...overrides };
  for (const [name, value] of Object.entries(values)) if (value !== undefined) h.set(name, value);
  return h;
}

describe("webhook signature verification", () => {
  it("accepts a valid delivery and returns its id, timestamp and payload", () => {
    const result = verifyWebhook(body, headers(), [secret]);
    expect(result).toMatchObject({ ok: true, id, payload: JSON.parse(body) });
  });

  it.each(["svix-id", "svix-timestamp", "svix-signature"])("refuses a delivery without %s", (name) => {
    expect(verifyWebhook(body, headers({ [name]: undefined }), [secret])).toEqual({ ok: false, reason: `missing ${name} header` });
  });

  it("refuses a non-numeric timestamp", () => {
    expect(verifyWebhook(body, headers({ "svix-timestamp": "soon" }), [secret]).ok).toBe(false);
  });

  it("accepts timestamps 300 s off either way and refuses 301 s", () => {
    const t = now(); // one reading: the limits are exact to the second, so a second ticking over must not move them
    for (const offset of [-300, 300]) expect(verifyWebhook(body, headers({}, body, t + offset), [secret], { nowSeconds: t }).ok).toBe(true);
    for (const offset of [-301, 301])
      expect(verifyWebhook(body, headers({}, body, t + offset), [secret], { nowSeconds: t }).ok).toBe(false);
  });

  it("refuses a wrong, a partial, a tampered and a re-serialized delivery, and a wrong secret", () => {
    const good = headers().get("svix-signature")!;
    expect(verifyWebhook(body, headers({ "svix-signature": "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=" }), [secret]).ok).toBe(false);
    expect(verifyWebhook(body, headers({ "svix-signature": good.slice(0, 20) }), [secret]).ok).toBe(false);
    expect(verifyWebhook(body.replace("3", "4"), headers(), [secret]).ok).toBe(false);
    expect(verifyWebhook(JSON.stringify(JSON.parse(body), null, 2), headers(), [secret]).ok).toBe(false);
    expect(verifyWebhook(body, headers(), [otherSecret]).ok).toBe(false);
  });

  it("accepts several signatures when one is valid", () => {
    const good = headers().get("svix-signature")!;
    expect(verifyWebhook(body, headers({ "svix-signature": `v1,bm90IGl0 ${good} v1,YWxzbyBub3Q=` }), [secret]).ok).toBe(true);
  });

  it("takes the secret with or without its whsec_ prefix, and header names in any case", () => {
    expect(verifyWebhook(body, headers(), [secret.slice("whsec_".length)]).ok).toBe(true);
    const upper = new Headers();
    headers().forEach((value, name) => upper.set(name.toUpperCase(), value));
    expect(verifyWebhook(body, upper, [secret]).ok).toBe(true);
  });

  it("verifies empty and 100 kB bodies", () => {
    expect(verifyWebhook("", headers({}, ""), [secret])).toMatchObject({ ok: true, payload: undefined });
    const big = JSON.stringify({ type: "company.updated", blob: "x".repeat(100_000) });
    expect(verifyWebhook(big, headers({}, big), [secret]).ok).toBe(true);
  });

  it("accepts the old and the new secret while both are configured (rotation)", () => {
    expect(verifyWebhook(body, headers({}, body, now(), otherSecret), [secret, otherSecret]).ok).toBe(true);
    expect(verifyWebhook(body, headers(), [secret, otherSecret]).ok).toBe(true);
    expect(verifyWebhook(body, headers({}, body, now(), otherSecret), [secret]).ok).toBe(false);
    expect(verifyWebhook(body, headers(), [])).toEqual({ ok: false, reason: "no signing secret is configured for this connection" });
  });

  it("accepts the Standard Webhooks names of the headers (webhook-id, webhook-timestamp, webhook-signature)", () => {
    const standard = new Headers();
    headers().forEach((value, name) => standard.set(name.replace("svix-", "webhook-"), value));
    expect(verifyWebhook(body, standard, [secret])).toMatchObject({ ok: true, id });
  });

  it("verifies the raw bytes of a body as it verifies their text", () => {
    const text = JSON.stringify({ type: "company.updated", name: "Müller & Søn Łódź 株式会社 🏢" });
    expect(verifyWebhook(Buffer.from(text, "utf8"), headers({}, text), [secret])).toMatchObject({ ok: true, payload: JSON.parse(text) });
    expect(verifyWebhook(Buffer.from(text.replace("Søn", "Son"), "utf8"), headers({}, text), [secret]).ok).toBe(false);
  });

  it("refuses with the words of svix: a bad timestamp, too old, too new, no matching signature, a malformed secret", () => {
    expect(verifyWebhook(body, headers({ "svix-timestamp": "soon" }), [secret])).toEqual({
      ok: false,
      reason: "Invalid Signature Headers",
    });
    expect(verifyWebhook(body, headers({}, body, now() - 301), [secret])).toEqual({ ok: false, reason: "Message timestamp too old" });
    expect(verifyWebhook(body, headers({}, body, now() + 301), [secret])).toEqual({ ok: false, reason: "Message timestamp too new" });
    expect(verifyWebhook(body, headers(), [otherSecret])).toEqual({ ok: false, reason: "No matching signature found" });
    expect(verifyWebhook(body, headers(), ["whsec_not base64!"])).toEqual({ ok: false, reason: "the signing secret is malformed" });
    expect(verifyWebhook(body, headers(), ["whsec_not base64!", secret]).ok).toBe(true);
  });
});

/**
 * The Standard Webhooks reference vectors, from github.com/standard-webhooks/standard-webhooks:
 * `libraries/javascript/src/webhook.test.ts` ("sign function works", "invalid signature", "multi sig payload is
 * valid") and the same values in `libraries/python/tests/test_webhooks.py` and `libraries/go/webhook_test.go`.
 */
describe("Standard Webhooks reference vectors", () => {
  const vector = {
    secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
    timestamp: 1614265330,
    payload: '{"test": 2432232314}',
    signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    /** The python library's "invalid signature" case: the last character changed. */
    invalidSignature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OA=",
    /** Not the signature of this payload, used as the decoys around the valid one in "multi sig payload is valid". */
    decoy: "Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=",
  };
  const vectorHeaders = (signature: string) =>
    new Headers({ "webhook-id": vector.id, "webhook-timestamp": String(vector.timestamp), "webhook-signature": signature });
  const at = { nowSeconds: vector.timestamp };

  it("accepts the reference signature, with or without the whsec_ prefix, and returns the payload", () => {
    expect(verifyWebhook(vector.payload, vectorHeaders(vector.signature), [vector.secret], at)).toEqual({
      ok: true,
      id: vector.id,
      timestamp: vector.timestamp,
      payload: { test: 2432232314 },
    });
    expect(verifyWebhook(vector.payload, vectorHeaders(vector.signature), [vector.secret.slice("whsec_".length)], at).ok).toBe(true);
  });

  it("refuses the reference's invalid and partial signatures", () => {
    expect(verifyWebhook(vector.payload, vectorHeaders(vector.invalidSignature), [vector.secret], at)).toEqual({
      ok: false,
      reason: "No matching signature found",
    });
    expect(verifyWebhook(vector.payload, vectorHeaders("v1,dawfeoifkpqwoekfpqoekf"), [vector.secret], at).ok).toBe(false);
    expect(verifyWebhook(vector.payload, vectorHeaders(vector.signature.slice(0, 8)), [vector.secret], at).ok).toBe(false);
    expect(verifyWebhook(vector.payload, vectorHeaders("v1,"), [vector.secret], at).ok).toBe(false);
  });

  it("accepts the reference multi-signature header, where one of v1 and v2 decoys is valid", () => {
    const multi = [`v1,${vector.decoy}`, `v2,${vector.decoy}`, vector.signature, `v1,${vector.decoy}`].join(" ");
    expect(verifyWebhook(vector.payload, vectorHeaders(multi), [vector.secret], at).ok).toBe(true);
    expect(verifyWebhook(vector.payload, vectorHeaders(vector.signature.replace("v1,", "v2,")), [vector.secret], at).ok).toBe(false);
  });

  it("refuses the reference delivery 5 minutes and a second away, either way", () => {
    const headersAt = vectorHeaders(vector.signature);
    expect(verifyWebhook(vector.payload, headersAt, [vector.secret], { nowSeconds: vector.timestamp + 300 }).ok).toBe(true);
    expect(verifyWebhook(vector.payload, headersAt, [vector.secret], { nowSeconds: vector.timestamp + 301 })).toEqual({
      ok: false,
      reason: "Message timestamp too old",
    });
    expect(verifyWebhook(vector.payload, headersAt, [vector.secret], { nowSeconds: vector.timestamp - 301 })).toEqual({
      ok: false,
      reason: "Message timestamp too new",
    });
  });
});

describe("agreement with the svix package", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** What svix says of a delivery: the payload, or the reason it refuses. */
  function svixVerdict(rawBody: string, values: Record<string, string>, secret: string) {
    try {
      return { ok: true, payload: new Webhook(secret).verify(rawBody, values) as unknown };
    } catch (error) {
      if (error instanceof SyntaxError) return { ok: true, payload: undefined };
      return { ok: false, reason: error instanceof WebhookVerificationError ? error.message : "the signing secret is malformed" };
    }
  }

  const fixedNow = 1_800_000_000;
  const secretArbitrary = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => `whsec_${Buffer.from(bytes).toString("base64")}`);
  const bodyArbitrary = fc.oneof(
    fc.string({ unit: "binary", maxLength: 400 }),
    fc.json({ maxDepth: 3 }),
    fc.constantFrom("", "{}", "null", '{"type":"company.updated"}'),
  );
  /** Tampered signatures: a flipped character, a truncation, a wrong version, another padding, junk around it. */
  const tamper = (signature: string) =>
    fc.oneof(
      fc.nat({ max: signature.length - 1 }).map((i) => signature.slice(0, i) + (signature[i] === "A" ? "B" : "A") + signature.slice(i + 1)),
      fc.nat({ max: signature.length - 1 }).map((i) => signature.slice(0, i)),
      fc.constant(signature.replace("v1,", "v2,")),
      fc.constant(signature.replace(/=+$/, "")),
      fc.constant(`${signature} `),
      fc.constant(`v1,${Buffer.from(signature.slice(3), "base64").toString("base64url")}`),
      fc.string({ maxLength: 60 }).map((junk) => `${junk} ${signature}`),
      fc.string({ maxLength: 60 }),
    );

  it("accepts and refuses exactly what svix does, with the same payload or reason (2,000 random deliveries)", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(fixedNow * 1000);
    fc.assert(
      fc.property(
        fc
          .record({
            secret: secretArbitrary,
            /** Another secret signed it, one time in four. */
            signedWith: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: secretArbitrary, weight: 1 }),
            id: fc.oneof(fc.constant("msg_2LJmFZpXf9tYk3"), fc.string({ minLength: 1, maxLength: 40 })),
            body: bodyArbitrary,
            offset: fc.oneof(fc.integer({ min: -400, max: 400 }), fc.constantFrom(-301, -300, 300, 301)),
            /** Text after the timestamp, one time in four (svix reads the leading integer). */
            timestampText: fc.oneof(
              { arbitrary: fc.constant(null), weight: 3 },
              { arbitrary: fc.constantFrom("x", " ", "e3", ".5", "abc"), weight: 1 },
            ),
            /** The signature is tampered with, one time in two. */
            tampered: fc.boolean(),
          })
          .chain((input) => {
            const timestamp = fixedNow + input.offset;
            const signature = signPayload(input.signedWith ?? input.secret, input.id, timestamp, input.body);
            const signatureHeader = input.tampered ? tamper(signature) : fc.constant(signature);
            return signatureHeader.map((header) => ({ ...input, timestamp, signatureHeader: header }));
          }),
        ({ secret, id, body, timestamp, timestampText, signatureHeader }) => {
          // Both see the headers as a server hands them over (trimmed of surrounding spaces).
          const received = new Headers({
            "svix-id": id,
            "svix-timestamp": timestampText === null ? String(timestamp) : `${timestamp}${timestampText}`,
            "svix-signature": signatureHeader,
          });
          const ours = verifyWebhook(body, received, [secret]);
          const theirs = svixVerdict(body, Object.fromEntries(received), secret);
          expect(ours.ok).toBe(theirs.ok);
          if (ours.ok) expect(ours.payload).toEqual(theirs.payload);
          // Where svix says "Missing required headers", ours names the header (as the console always did).
          else if (theirs.reason === "Missing required headers")
            expect(ours.reason).toMatch(/^missing svix-(id|timestamp|signature) header$/);
          else expect(ours.reason).toBe(theirs.reason);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("agrees on random secrets and bodies signed correctly now, whichever secret of two signed", () => {
    for (let i = 0; i < 200; i++) {
      const [first, second] = [`whsec_${randomBytes(24).toString("base64")}`, `whsec_${randomBytes(32).toString("base64")}`];
      const payload = JSON.stringify({ type: "company.updated", n: i, blob: randomBytes(i * 7).toString("base64") });
      const at = now(); // the header and the signature carry the same second
      const values = {
        "svix-id": `msg_${i}`,
        "svix-timestamp": String(at),
        "svix-signature": signPayload(i % 2 ? first : second, `msg_${i}`, at, payload),
      };
      expect(verifyWebhook(payload, new Headers(values), [first, second]).ok).toBe(true);
      expect(svixVerdict(payload, values, i % 2 ? first : second).ok).toBe(true);
    }
  });
});
