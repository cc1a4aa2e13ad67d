import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, pendingChanges } from "@/db/schema";
import { generateEncryptionKey, open, parseEncryptionKey, seal } from "@/lib/crypto";
import { registryConnections } from "@/db/schema";
import { resealSecrets } from "./reseal-secrets";

describe("rotating the encryption key", () => {
  it("moves every secret to the new key, or none of them", async () => {
    const oldKey = parseEncryptionKey(generateEncryptionKey());
    const newKey = parseEncryptionKey(generateEncryptionKey());
    await db()
      .insert(registryConnections)
      .values([
        {
          name: "a",
          environment: "production",
          baseUrl: "https://a",
          apiKeySealed: seal("key-a", oldKey),
          apiKeyHint: "k…a",
          webhookSecretSealed: seal("whsec_a", oldKey),
          previousWebhookSecretSealed: seal("whsec_old", oldKey),
        },
        { name: "b", environment: "sandbox", baseUrl: "http://b", apiKeySealed: seal("key-b", oldKey), apiKeyHint: "k…b" },
      ]);
    const [waiting] = await db()
      .insert(pendingChanges)
      .values({
        kind: "connection_target",
        target: "a",
        details: {},
        reason: "new key",
        requestedByEmail: "first@example.com",
        expiresAt: new Date(Date.now() + 60_000),
        sealedSecrets: seal(JSON.stringify({ apiKey: "key-a2" }), oldKey),
      })
      .returning();
    expect(await resealSecrets(db(), oldKey, newKey)).toEqual({ secrets: 4 });
    const [resealed] = await db().select().from(pendingChanges);
    expect(JSON.parse(open(resealed!.sealedSecrets!, newKey))).toEqual({ apiKey: "key-a2" });
    expect(resealed!.id).toBe(waiting!.id);
    const rows = await db().select().from(registryConnections).orderBy(registryConnections.name);
    expect(rows.map((r) => [open(r.apiKeySealed, newKey), r.webhookSecretSealed && open(r.webhookSecretSealed, newKey)])).toEqual([
      ["key-a", "whsec_a"],
      ["key-b", null],
    ]);
    expect(open(rows[0]!.previousWebhookSecretSealed!, newKey)).toBe("whsec_old");
    expect(() => open(rows[0]!.apiKeySealed, oldKey)).toThrow(/another key/);
    expect((await db().select().from(auditLog)).map((r) => r.action)).toContain("encryption_key.rotated");

    // A secret that does not open with the given key stops the rotation and leaves everything as it was.
    const wrongKey = parseEncryptionKey(generateEncryptionKey());
    await expect(resealSecrets(db(), wrongKey, oldKey)).rejects.toThrow(/another key/);
    const after = await db().select().from(registryConnections).orderBy(registryConnections.name);
    expect(after.map((r) => r.apiKeySealed)).toEqual(rows.map((r) => r.apiKeySealed));
  });
});
