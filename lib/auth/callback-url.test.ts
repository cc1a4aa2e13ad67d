import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./callback-url";

const origin = "http://localhost:3000";

describe("the path to go to after signing in", () => {
  it("keeps a path on the console, with its query and fragment", () => {
    expect(sameOriginPath("/requests?status=open#top", origin)).toBe("/requests?status=open#top");
    expect(sameOriginPath("/company/GB%2F123", origin)).toBe("/company/GB%2F123");
    expect(sameOriginPath("http://localhost:3000/audit", origin)).toBe("/audit");
    expect(sameOriginPath("HTTP://LOCALHOST:3000/audit", `${origin}/`)).toBe("/audit");
  });

  it.each([
    "/\\evil.com",
    "\\/evil.com",
    "\\\\evil.com",
    "/\t/evil.com", // `/%09/evil.com` as the page's query string decodes it
    "/%09/evil.com",
    "/\n/evil.com",
    "//evil.com",
    "///evil.com",
    "/%2F/evil.com",
    "/%5Cevil.com",
    "https://evil.com",
    "https://evil.com/",
    "http://localhost:3000@evil.com",
    "http://localhost:3000.evil.com/",
    "http://localhost:3001/",
    "https://localhost:3000/",
    "/.//evil.com",
    "http://localhost:3000//evil.com",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/%E0%A4%A", // malformed percent-encoding
  ])("sends %j to /", (value) => {
    expect(sameOriginPath(value, origin)).toBe("/");
  });

  it("sends anything that is not a non-empty string to /", () => {
    expect(sameOriginPath(undefined, origin)).toBe("/");
    expect(sameOriginPath("", origin)).toBe("/");
    expect(sameOriginPath(["/a", "/b"], origin)).toBe("/");
  });
});
