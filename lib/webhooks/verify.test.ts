import { describe, expect, it } from "vitest";
import { signPayload } from "../../simulator/webhooks/sign";
import { verifyWebhook } from "./verify";

// Signed with the simulator's signer (node:crypto), verified with the svix package: two implementations.
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
    for (const offset of [-300, 300]) expect(verifyWebhook(body, headers({}, body, now() + offset), [secret]).ok).toBe(true);
    for (const offset of [-301, 301]) expect(verifyWebhook(body, headers({}, body, now() + offset), [secret]).ok).toBe(false);
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
});
