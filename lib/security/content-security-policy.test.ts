import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy";

describe("content security policy", () => {
  it("has no unsafe-eval in production and forbids framing", () => {
    const csp = contentSecurityPolicy("abc", { dev: false, https: false });
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("allows eval only in development, where React needs it", () => {
    expect(contentSecurityPolicy("abc", { dev: true, https: false })).toContain("'unsafe-eval'");
  });

  it("upgrades insecure requests only over https", () => {
    expect(contentSecurityPolicy("n", { dev: false, https: true })).toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy("n", { dev: false, https: false })).not.toContain("upgrade-insecure-requests");
  });
});
