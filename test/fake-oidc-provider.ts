import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claims the next person to pass /authorize signs in with (besides iss, aud, iat and exp). */
  signInAs(claims: { sub: string } & Record<string, unknown>): void;
  close(): Promise<void>;
};

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/**
 * A minimal OpenID Connect provider on 127.0.0.1: discovery, an /authorize that signs in at once as the chosen
 * claims and redirects back with a code, a /token that checks the PKCE verifier and returns an RS256-signed ID
 * token, and its JWKS. Enough for next-auth's OAuth callback to run for real, signature checks included.
 */
export async function startFakeOidcProvider(): Promise<FakeOidcProvider> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = "fake-key";
  const clientId = "registry-desk";
  const clientSecret = randomBytes(16).toString("hex");
  const codes = new Map<string, { claims: Record<string, unknown>; challenge: string }>();
  let claims: Record<string, unknown> = { sub: "nobody" };
  let issuer = "";

  const idToken = (payload: Record<string, unknown>) => {
    const now = Math.floor(Date.now() / 1000);
    const signingInput = `${base64url({ alg: "RS256", kid, typ: "JWT" })}.${base64url({ iss: issuer, aud: clientId, iat: now, exp: now + 300, ...payload })}`;
    return `${signingInput}.${sign("sha256", Buffer.from(signingInput), privateKey).toString("base64url")}`;
  };

  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const url = new URL(request.url!, issuer);
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      if (url.pathname === "/.well-known/openid-configuration") {
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          code_challenge_methods_supported: ["S256"],
        });
      }
      if (url.pathname === "/jwks") return json(200, { keys: [{ ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }] });
      if (url.pathname === "/authorize") {
        const code = randomBytes(16).toString("hex");
        codes.set(code, { claims, challenge: url.searchParams.get("code_challenge") ?? "" });
        const back = new URL(url.searchParams.get("redirect_uri")!);
        back.searchParams.set("code", code);
        back.searchParams.set("state", url.searchParams.get("state") ?? "");
        return response.writeHead(302, { location: back.href }).end();
      }
      if (url.pathname === "/token" && request.method === "POST") {
        const form = new URLSearchParams(body);
        const grant = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        const verifier = form.get("code_verifier") ?? "";
        if (!grant || createHash("sha256").update(verifier).digest("base64url") !== grant.challenge)
          return json(400, { error: "invalid_grant" });
        return json(200, {
          access_token: randomBytes(16).toString("hex"),
          token_type: "Bearer",
          expires_in: 300,
          id_token: idToken(grant.claims),
        });
      }
      json(404, { error: "not_found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(next) {
      claims = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
