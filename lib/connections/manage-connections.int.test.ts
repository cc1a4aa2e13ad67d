import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, registryConnections } from "@/db/schema";
import { generateEncryptionKey, parseEncryptionKey, seal } from "@/lib/crypto";
import { connectionInputSchema } from "./connection-input.shared";
import { ConnectionKeyUnreadableError } from "./connection-key-unreadable.shared";
import { signingSecrets } from "@/lib/connections/signing-secrets";
import {
  activeConnection,
  connectionTarget,
  createConnection,
  deleteConnection,
  listConnections,
  retirePreviousWebhookSecret,
  updateConnection,
} from "./manage-connections";

const actor = { id: null, email: "admin@example.com" };
const key = "sk_live_0123456789abcdefWXYZ";
const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const fields = (extra: Record<string, unknown> = {}) =>
  connectionInputSchema.parse({
    name: "Production",
    environment: "production",
    baseUrl: "https://api.example.com/v2/",
    apiKey: key,
    webhookSecret: secret,
    ...extra,
  });

describe("stored connections", () => {
  beforeEach(async () => {
    await db().delete(registryConnections);
    await db().delete(auditLog);
  });

  it("encrypts the key and the secret: neither is anywhere in the table or the audit log", async () => {
    const created = await createConnection(actor, fields());
    expect(created.ok).toBe(true);
    const dump = JSON.stringify([await db().select().from(registryConnections), await db().select().from(auditLog)]);
    expect(dump).not.toContain(key);
    expect(dump).not.toContain(secret.slice(6));
    const [view] = await listConnections();
    expect(view).toMatchObject({
      name: "Production",
      baseUrl: "https://api.example.com",
      apiKeyHint: "sk_live_…WXYZ",
      hasWebhookSecret: true,
      isDefault: true,
    });
    expect(JSON.stringify(view)).not.toContain(key);
    expect(await connectionTarget(view!.id)).toEqual({ baseUrl: "https://api.example.com", apiKey: key });
  });

  it("keeps one default, keeps stored secrets when the form leaves them empty, and audits each change", async () => {
    const first = await createConnection(actor, fields());
    const second = await createConnection(
      actor,
      fields({
        name: "Sandbox",
        environment: "sandbox",
        baseUrl: "http://127.0.0.1:4010",
        apiKey: "sk_dev_aaaaBBBB",
        webhookSecret: "",
        isDefault: true,
      }),
    );
    const [a, b] = [first.ok && first.data.id, second.ok && second.data.id] as string[];
    expect((await listConnections()).map((c) => [c.name, c.isDefault])).toEqual([
      ["Production", false],
      ["Sandbox", true],
    ]);

    expect(await updateConnection(actor, a!, fields({ name: "Production EU", apiKey: "", webhookSecret: "" }))).toEqual({
      ok: true,
      data: undefined,
    });
    expect(await connectionTarget(a!)).toMatchObject({ apiKey: key });
    expect((await listConnections()).find((c) => c.id === a)?.hasWebhookSecret).toBe(true);

    await updateConnection(actor, a!, fields({ name: "Production EU", apiKey: "", webhookSecret: "", clearWebhookSecret: true }));
    expect((await listConnections()).find((c) => c.id === a)?.hasWebhookSecret).toBe(false);

    expect(await createConnection(actor, fields({ name: "Sandbox" }))).toMatchObject({ ok: false, code: "name_taken" });

    // Deleting the default hands the default to the oldest remaining connection.
    await deleteConnection(actor, b!);
    expect((await listConnections()).map((c) => [c.name, c.isDefault])).toEqual([["Production EU", true]]);

    const actions = await db()
      .select({ action: auditLog.action, target: auditLog.target, details: auditLog.details })
      .from(auditLog)
      .orderBy(auditLog.id);
    expect(actions.map((r) => r.action)).toEqual([
      "connection.created",
      "connection.created",
      "connection.updated",
      "connection.updated",
      "connection.deleted",
    ]);
    expect(actions[2]!.details).toEqual({ changed: ["name"] });
    expect(actions[3]!.details).toEqual({ changed: ["webhookSecret (removed)"] });
  });

  it("keeps accepting the replaced webhook secret until it is retired, and forgets both when the secret is removed", async () => {
    const created = await createConnection(actor, fields());
    const id = created.ok ? created.data.id : "";
    const next = "whsec_Xg6Ww8Fs1hRvVz5EwqUa0yW7pTmQn2Lc";
    await updateConnection(actor, id, fields({ apiKey: "", webhookSecret: next }));
    expect(await signingSecrets(db(), id)).toEqual([next, secret]);
    expect((await listConnections())[0]).toMatchObject({ hasWebhookSecret: true, hasPreviousWebhookSecret: true });

    expect(await retirePreviousWebhookSecret(actor, id)).toEqual({ ok: true, data: undefined });
    expect(await signingSecrets(db(), id)).toEqual([next]);
    expect(await retirePreviousWebhookSecret(actor, id)).toMatchObject({ ok: false, code: "not_found" });

    await updateConnection(actor, id, fields({ apiKey: "", webhookSecret: secret }));
    await updateConnection(actor, id, fields({ apiKey: "", webhookSecret: "", clearWebhookSecret: true }));
    expect(await signingSecrets(db(), id)).toEqual([]);
    const details = (await db().select({ details: auditLog.details }).from(auditLog).orderBy(auditLog.id)).map((r) => r.details);
    expect(details).toContainEqual({ changed: ["previousWebhookSecret (retired)"] });
  });

  it("refuses a new base URL without the API key and the signing secret entered again, and changes nothing", async () => {
    const created = await createConnection(actor, fields());
    const id = created.ok ? created.data.id : "";
    const before = await db().select().from(registryConnections).where(eq(registryConnections.id, id));
    const elsewhere = { name: "Production", baseUrl: "http://127.0.0.1:9/v2", environment: "sandbox" };

    const withoutEither = await updateConnection(actor, id, fields({ ...elsewhere, apiKey: "", webhookSecret: "" }));
    expect(withoutEither).toMatchObject({
      ok: false,
      code: "reentry_required",
      fieldErrors: {
        apiKey: ["Enter the API key again to change the base URL."],
        webhookSecret: ["Enter the signing secret again to change the base URL, or remove it."],
      },
    });
    const withoutSecret = await updateConnection(actor, id, fields({ ...elsewhere, webhookSecret: "" }));
    expect(withoutSecret).toMatchObject({ ok: false, code: "reentry_required", fieldErrors: { webhookSecret: [expect.any(String)] } });
    expect(withoutSecret.ok === false && withoutSecret.fieldErrors?.apiKey).toBeUndefined();
    expect(await db().select().from(registryConnections).where(eq(registryConnections.id, id))).toEqual(before);
    expect(await connectionTarget(id)).toEqual({ baseUrl: "https://api.example.com", apiKey: key });
    expect((await db().select({ action: auditLog.action }).from(auditLog)).map((r) => r.action)).toEqual(["connection.created"]);

    // The same address written differently is no change; with both entered again the new address is taken.
    expect(
      await updateConnection(actor, id, fields({ baseUrl: "https://API.example.com:443/v2/", apiKey: "", webhookSecret: "" })),
    ).toEqual({ ok: true, data: undefined });
    const newKey = "sk_dev_fedcba9876543210ABCD";
    expect(await updateConnection(actor, id, fields({ ...elsewhere, apiKey: newKey }))).toEqual({ ok: true, data: undefined });
    expect(await connectionTarget(id)).toEqual({ baseUrl: "http://127.0.0.1:9", apiKey: newKey });

    // Removing the stored secret instead of entering it again will do; without a secret, the key alone is enough.
    expect(
      await updateConnection(actor, id, fields({ baseUrl: "https://api.example.com", webhookSecret: "", clearWebhookSecret: true })),
    ).toEqual({ ok: true, data: undefined });
    expect(await updateConnection(actor, id, fields({ ...elsewhere, webhookSecret: "" }))).toEqual({ ok: true, data: undefined });
    expect(await connectionTarget(id)).toEqual({ baseUrl: "http://127.0.0.1:9", apiKey: key });
  });

  it("resolves the session's connection, falling back to the default when it is gone", async () => {
    const p = await createConnection(actor, fields());
    const s = await createConnection(actor, fields({ name: "Sandbox", environment: "sandbox", apiKey: "sk_dev_aaaaBBBB" }));
    const [pid, sid] = [p.ok && p.data.id, s.ok && s.data.id] as string[];
    expect((await activeConnection(sid))?.name).toBe("Sandbox");
    expect((await activeConnection(undefined))?.name).toBe("Production");
    await db().delete(registryConnections).where(eq(registryConnections.id, sid!));
    expect((await activeConnection(sid))?.id).toBe(pid);
  });

  it("lists a connection whose key this server cannot decrypt, and refuses to call through it with a message that names it", async () => {
    const otherKey = generateEncryptionKey();
    const sealedElsewhere = seal(key, parseEncryptionKey(otherKey));
    const [elsewhere, garbage] = await db()
      .insert(registryConnections)
      .values([
        {
          name: "Old key",
          environment: "production",
          baseUrl: "https://api.example.com",
          apiKeySealed: sealedElsewhere,
          apiKeyHint: "sk_live_…WXYZ",
        },
        {
          name: "Garbage",
          environment: "production",
          baseUrl: "https://api.example.com",
          apiKeySealed: "not-a-sealed-value",
          apiKeyHint: "sk_live_…0000",
        },
      ])
      .returning();
    expect((await listConnections()).map((c) => c.name)).toEqual(["Garbage", "Old key"]);

    const refusal = (await connectionTarget(elsewhere!.id).catch((error: unknown) => error)) as ConnectionKeyUnreadableError;
    expect(refusal).toBeInstanceOf(ConnectionKeyUnreadableError);
    expect(refusal.toInfo()).toMatchObject({ status: 409, code: "connection_key_unreadable", retryable: false });
    expect(refusal.message).toMatch(
      /^The API key stored for connection “Old key” cannot be decrypted with this server's APP_ENCRYPTION_KEY \(this secret was encrypted under another key .+\)\. An admin can enter the key again in Settings → Connections\.$/,
    );
    for (const secretText of [key, sealedElsewhere, otherKey, process.env.APP_ENCRYPTION_KEY!])
      expect(JSON.stringify(refusal.toInfo())).not.toContain(secretText);

    await expect(connectionTarget(garbage!.id)).rejects.toThrow(/connection “Garbage” cannot be decrypted .*\(not a sealed secret\)/);
  });

  it("validates the form: https for production, a whsec_ secret, a name", () => {
    const problems = (input: Record<string, unknown>) => {
      const r = connectionInputSchema.safeParse({
        name: "X",
        environment: "production",
        baseUrl: "https://a.example",
        apiKey: "k",
        webhookSecret: "",
        ...input,
      });
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(problems({ baseUrl: "http://api.example.com" })).toEqual(["baseUrl: A production connection must use https."]);
    expect(problems({ baseUrl: "http://127.0.0.1:4010", environment: "sandbox" })).toEqual([]);
    expect(problems({ baseUrl: "http://localhost:4010" })).toEqual([]);
    expect(problems({ webhookSecret: "secret123" })[0]).toMatch(/^webhookSecret: A signing secret starts with whsec_/);
    expect(problems({ name: " " })[0]).toBe("name: Give the connection a name.");
    expect(problems({ baseUrl: "ftp://x" })[0]).toMatch(/^baseUrl:/);
  });
});
