import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

describe("the client address a sign-in is counted against", () => {
  it("is the right-most X-Forwarded-For entry (the peer the server appended) without a proxy in front", () => {
    expect(clientAddress("127.0.0.1", 0)).toBe("127.0.0.1");
    // Whatever the client claims sits to the left of the peer, and is ignored.
    expect(clientAddress("203.0.113.9, 198.51.100.7", 0)).toBe("198.51.100.7");
    expect(clientAddress("1.1.1.1,2.2.2.2 ,  198.51.100.7", 0)).toBe("198.51.100.7");
  });

  it("is the entry the trusted proxies added, never one the client sent", () => {
    // client-sent, what the proxy saw, the proxy itself (appended by the server)
    expect(clientAddress("6.6.6.6, 203.0.113.9, 10.0.0.2", 1)).toBe("203.0.113.9");
    expect(clientAddress("6.6.6.6, 203.0.113.9, 10.0.0.3, 10.0.0.2", 2)).toBe("203.0.113.9");
  });

  it("is the peer when the request reached the server without passing through the proxies", () => {
    expect(clientAddress("203.0.113.9", 1)).toBe("203.0.113.9");
  });

  it("is null without the header (outside the HTTP server)", () => {
    expect(clientAddress(undefined, 0)).toBeNull();
    expect(clientAddress(" , ", 0)).toBeNull();
  });

  it("reads IPv4-mapped IPv6 as IPv4, and counts IPv6 by its /64 network", () => {
    expect(clientAddress("::ffff:192.0.2.1", 0)).toBe("192.0.2.1");
    expect(clientAddress("2001:db8:abcd:12:1:2:3:4", 0)).toBe("2001:db8:abcd:12::/64");
    expect(clientAddress("2001:0DB8:ABCD:0012:ffff::9", 0)).toBe("2001:db8:abcd:12::/64");
    expect(clientAddress("[2001:db8::1]:443", 0)).toBe("2001:db8:0:0::/64");
    expect(clientAddress("fe80::1%eth0", 0)).toBe("fe80:0:0:0::/64");
    expect(clientAddress("::1", 0)).toBe("0:0:0:0::/64");
    expect(clientAddress("64:ff9b::192.0.2.33", 0)).toBe("64:ff9b:0:0::/64");
  });

  it("keeps a non-address entry as a bounded opaque key", () => {
    expect(clientAddress("unknown", 0)).toBe("unknown");
    expect(clientAddress("x".repeat(500), 0)).toHaveLength(100);
  });
});
