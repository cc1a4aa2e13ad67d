import { Webhook } from "svix";
import { describe, expect, it } from "vitest";
import { generateMessageId, generateSigningSecret, signPayload, webhookHeaders } from "./sign";

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("webhook signing", () => {
  it("generates whsec_ secrets holding 24 random bytes and msg_ ids", () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(24);
    expect(generateSigningSecret()).not.toBe(secret);
    const id = generateMessageId();
    expect(id).toMatch(/^msg_[0-9A-Za-z]{27}$/);
    expect(generateMessageId()).not.toBe(id);
  });

  it("matches the Standard Webhooks reference signature", () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const signature = signPayload(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}');
    expect(signature).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it.each([
    ["ascii", JSON.stringify({ type: "monitor.notification", monitorId: "mon_1" })],
    ["unicode", JSON.stringify({ type: "company.updated", name: "Müller & Søn — 株式会社 🏢", note: "\u2028" })],
  ])("produces headers the svix package verifies (%s body)", (_label, body) => {
    const secret = generateSigningSecret();
    const headers = webhookHeaders(secret, generateMessageId(), nowSeconds(), body);
    expect(headers["content-type"]).toBe("application/json");
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("fails svix verification with a wrong secret or a changed body", () => {
    const secret = generateSigningSecret();
    const body = JSON.stringify({ type: "company.updated", version: 3 });
    const headers = webhookHeaders(secret, generateMessageId(), nowSeconds(), body);
    expect(() => new Webhook(generateSigningSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace("3", "4"), headers)).toThrow();
  });

  it("rejects a secret without the whsec_ prefix", () => {
    expect(() => signPayload("not-a-secret", "msg_x", nowSeconds(), "{}")).toThrow(/whsec_/);
  });
});
