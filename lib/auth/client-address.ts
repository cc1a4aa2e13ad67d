import "server-only";
import { isIPv4, isIPv6 } from "node:net";

/**
 * The client address a sign-in attempt is counted against. The server appends each request's TCP peer to
 * X-Forwarded-For (lib/http/peer-address.ts), so the right-most entry is the peer, whatever the client sent.
 * Each reverse proxy in front (TRUST_PROXY_HOPS of them) appends the address it saw, so the client is the
 * entry `trustedProxies` places left of the right-most one; entries further left are the client's own claims
 * and never used. IPv6 addresses count by their /64 network (one subscriber usually holds a whole /64).
 * Null when the header is missing (only outside the HTTP server, e.g. in tests).
 */
export function clientAddress(forwardedFor: string | undefined, trustedProxies: number): string | null {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  // Fewer entries than hops: the request came straight to the server, so its peer (right-most) is the client.
  const entry = entries.length > trustedProxies ? entries[entries.length - 1 - trustedProxies]! : entries[entries.length - 1]!;
  return addressKey(entry);
}

function addressKey(entry: string): string {
  const address = entry.replace(/^\[(.*)\](:\d+)?$/, "$1").replace(/%.*$/, "");
  const mappedIPv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mappedIPv4 && isIPv4(mappedIPv4)) return mappedIPv4;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${ipv6Network(address)}::/64`;
  // Not an address (a proxy that writes "unknown"): an opaque key of bounded length.
  return address.slice(0, 100);
}

/** The first four 16-bit groups (the /64 network) of a valid IPv6 address, in lowercase hex without leading zeros. */
function ipv6Network(address: string): string {
  // A trailing dotted IPv4 part fills the last two groups; its value does not matter for the network.
  const [head = "", tail] = address.replace(/\d+\.\d+\.\d+\.\d+$/, "0:0").split("::");
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":");
}
