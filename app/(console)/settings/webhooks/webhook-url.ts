import "server-only";
import { headers } from "next/headers";
import { appEnv } from "@/lib/env";

const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/;

/**
 * Where the vendor reaches this console: NEXTAUTH_URL when set (the launcher always sets it), otherwise the
 * host this page was requested on.
 */
export async function publicBaseUrl(): Promise<string> {
  const configured = appEnv().NEXTAUTH_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const incoming = await headers();
  const host = incoming.get("x-forwarded-host")?.split(",")[0]?.trim() || incoming.get("host") || "localhost:3000";
  const protocol = incoming.get("x-forwarded-proto")?.split(",")[0]?.trim() || (loopback.test(host) ? "http" : "https");
  return `${protocol}://${host}`;
}

/** The URL to configure at the vendor (Developers → Webhooks) for one connection. */
export const webhookUrl = (baseUrl: string, connectionId: string) => `${baseUrl}/api/webhooks/registry/${connectionId}`;
