import { describe, expect, it } from "vitest";
import { databaseUrlSecrets, environmentSecrets, redactSecrets } from "./secret-redaction";

describe("secrets kept out of the launcher's messages", () => {
  it("cuts a database password out in every spelling, and the URL whole", () => {
    const url = "postgres://desk:CANARY%2Fpw@db.internal:5432/registry_desk";
    const message = `could not connect to ${url} as desk with CANARY/pw (CANARY%2Fpw)`;
    const redacted = redactSecrets(message, databaseUrlSecrets(url));
    expect(redacted).toBe("could not connect to [redacted] as desk with [redacted] ([redacted])");
  });

  it("finds the secret variables' values and DATABASE_URL's password in an environment, not the plain settings", () => {
    const found = environmentSecrets({
      NEXTAUTH_SECRET: "next-auth-CANARY",
      APP_ENCRYPTION_KEY: "key-CANARY",
      OIDC_CLIENT_SECRET: "oidc-CANARY",
      ADMIN_PASSWORD: "admin-CANARY",
      DATABASE_URL: "postgres://u:db-CANARY@h/d",
      PORT: "3000",
      HOST: "127.0.0.1",
    });
    expect(found).toEqual(expect.arrayContaining(["next-auth-CANARY", "key-CANARY", "oidc-CANARY", "admin-CANARY", "db-CANARY"]));
    expect(found).not.toContain("3000");
    expect(redactSecrets("HOST 127.0.0.1 PORT 3000", found)).toBe("HOST 127.0.0.1 PORT 3000");
  });

  it("leaves text alone when there is nothing to hide, and ignores values too short to matter", () => {
    expect(redactSecrets("a plain message", [])).toBe("a plain message");
    expect(redactSecrets("pw in a message", databaseUrlSecrets("postgres://u:pw@h/d"))).toBe("pw in a message");
  });
});
