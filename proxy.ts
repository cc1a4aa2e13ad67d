import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, hsts } from "@/lib/security/content-security-policy";

/** Sets the per-request CSP nonce (Next.js applies it to its own scripts) and HSTS over https. */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const https = request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development", https });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  if (https) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

// Signed webhooks are machine-to-machine JSON with no page to protect, and arrive by the hundred per second:
// they skip the proxy (a measurable share of each delivery's CPU).
export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico|api/webhooks/).*)" }],
};
