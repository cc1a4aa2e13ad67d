import "server-only";
import type { ConnectionView } from "@/lib/connections/manage-connections";

/**
 * Where the console fetches a document from. A signed URL comes from a snapshot, which anyone controlling a
 * connection's base URL (or its signing secret) can write; fetched as it is, it would make the server call
 * its own network (cloud metadata at 169.254.169.254, loopback ports, private hosts). So a URL is fetched only
 * when it is https on a registry file host: the connection's own API host, the hosts in REGISTRY_FILE_HOSTS,
 * and their subdomains. A sandbox connection's own origin (the simulator, usually http on loopback) is allowed
 * as it is, since that is where its files live.
 */
export type DocumentUrlPolicy = {
  /** Host names from REGISTRY_FILE_HOSTS; each also covers its subdomains. */
  fileHosts: readonly string[];
  /** The request's connection, when it still exists. */
  connection?: Pick<ConnectionView, "environment" | "baseUrl">;
};

export type DocumentUrlCheck = { ok: true; url: URL } | { ok: false; message: string };

/** An IPv4 or IPv6 literal, as the URL parser writes a host (it turns `2852039166` or `0xa9.254.169.254` into dotted decimal). */
const isAddressLiteral = (hostname: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith("[");
const isLocalName = (hostname: string) => hostname === "localhost" || hostname.endsWith(".localhost");

/** The host names a policy allows with https: the configured file hosts and the connection's API host (a name, not an address). */
export function allowedFileHosts(policy: DocumentUrlPolicy): string[] {
  const hosts = new Set(policy.fileHosts.map((h) => h.toLowerCase()));
  const apiHost = policy.connection && URL.canParse(policy.connection.baseUrl) ? new URL(policy.connection.baseUrl).hostname : undefined;
  if (apiHost && !isAddressLiteral(apiHost) && !isLocalName(apiHost)) hosts.add(apiHost);
  return [...hosts];
}

const sandboxOrigin = (policy: DocumentUrlPolicy) =>
  policy.connection?.environment === "sandbox" && URL.canParse(policy.connection.baseUrl)
    ? new URL(policy.connection.baseUrl).origin
    : undefined;

/**
 * Whether a document URL may be fetched, checked before any network call. A refusal names the origin only:
 * the path and query of a signed URL are the secret.
 */
export function checkDocumentUrl(raw: string, policy: DocumentUrlPolicy): DocumentUrlCheck {
  if (!URL.canParse(raw))
    return { ok: false, message: "The snapshot's download link for this document is not a URL, so nothing was fetched." };
  const url = new URL(raw);
  const refused = (why: string): DocumentUrlCheck => ({
    ok: false,
    message: `Refused to download from ${url.origin}: ${why} Nothing was fetched.`,
  });
  if (url.origin === sandboxOrigin(policy)) return { ok: true, url };
  if (url.protocol !== "https:")
    return refused("documents are fetched over https only (http only from a sandbox connection's own address).");
  if (url.username || url.password) return refused("a download link with a user name or password is not a registry file link.");
  if (isAddressLiteral(url.hostname) || isLocalName(url.hostname)) {
    return refused(
      "an IP address or a local name is never a registry file host (cloud metadata, loopback and private addresses are not fetched).",
    );
  }
  const hosts = allowedFileHosts(policy);
  if (hosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))) return { ok: true, url };
  const known = hosts.length
    ? `one of the registry's file hosts (${hosts.join(", ")}, or a subdomain of one)`
    : "a registry file host (none is known: no connection host name, and REGISTRY_FILE_HOSTS is empty)";
  return refused(`${url.hostname} is not ${known}. An operator who trusts it adds it to REGISTRY_FILE_HOSTS.`);
}
