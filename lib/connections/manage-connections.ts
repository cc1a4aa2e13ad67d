import "server-only";
import { and, asc, count, eq, isNotNull, ne } from "drizzle-orm";
import { db } from "@/db/client";
import { retryOnDeadlock } from "@/db/deadlock-retry";
import { registryConnections, type RegistryConnection } from "@/db/schema";
import { audit, type Actor } from "@/lib/audit/audit";
import { SecretKeyError } from "@/lib/crypto";
import type { DualControlNote } from "@/lib/dual-control/dual-control-note";
import type { RegistryTarget } from "@/lib/registry/client";
import { forgetSigningSecrets } from "./signing-secrets";
import { apiKeyHint, baseUrlChangeProblems, plainHttpProblem, type ConnectionFields } from "./connection-input.shared";
import { ConnectionKeyUnreadableError } from "./connection-key-unreadable.shared";
import { openSecret, sealSecret } from "@/lib/secret-box";

/** A connection as any page may see it: never a secret, only whether one is set. */
export type ConnectionView = Pick<RegistryConnection, "id" | "name" | "environment" | "baseUrl" | "apiKeyHint" | "isDefault"> & {
  hasWebhookSecret: boolean;
  /** A replaced secret that is still accepted until an admin retires it. */
  hasPreviousWebhookSecret: boolean;
  updatedAt: string;
};

export type ChangeResult<T = undefined> =
  { ok: true; data: T } | { ok: false; code: string; error: string; fieldErrors?: Record<string, string[]> };

function view(row: RegistryConnection): ConnectionView {
  return {
    id: row.id,
    name: row.name,
    environment: row.environment,
    baseUrl: row.baseUrl,
    apiKeyHint: row.apiKeyHint,
    isDefault: row.isDefault,
    hasWebhookSecret: row.webhookSecretSealed !== null,
    hasPreviousWebhookSecret: row.previousWebhookSecretSealed !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listConnections(): Promise<ConnectionView[]> {
  const rows = await db().select().from(registryConnections).orderBy(asc(registryConnections.name));
  return rows.map(view);
}

/** One connection as any page may see it (no secret opened). */
export async function findConnection(id: string): Promise<ConnectionView | undefined> {
  const [row] = await db().select().from(registryConnections).where(eq(registryConnections.id, id));
  return row && view(row);
}

/** An edit that changes the base URL without the secrets entered again: refused, changing nothing. */
export const reentryRefusal = (fieldErrors: Record<string, string[]>) => ({
  ok: false as const,
  code: "reentry_required",
  error:
    "A new base URL needs the API key (and the signing secret, if one is set) entered again: a stored secret is never sent to another address.",
  fieldErrors,
});

export const nameTaken = (name: string) => ({
  ok: false as const,
  code: "name_taken",
  error: `A connection named ${name} already exists.`,
  fieldErrors: { name: ["This name is taken."] },
});

function isUniqueViolation(error: unknown): boolean {
  return (error as { cause?: { code?: string }; code?: string })?.cause?.code === "23505" || (error as { code?: string })?.code === "23505";
}

/**
 * Stores a new connection (the first one becomes the default). Only for what dual control has let through: the
 * settings action asks for it with requestConnectionCreate (connection-create-change.ts). `note` says how, for the
 * audit row.
 */
export async function createConnection(
  actor: Actor,
  fields: ConnectionFields,
  note?: DualControlNote,
): Promise<ChangeResult<{ id: string }>> {
  if (!fields.apiKey)
    return { ok: false, code: "invalid_input", error: "Enter the API key.", fieldErrors: { apiKey: ["Enter the API key."] } };
  try {
    return await db().transaction(async (tx) => {
      const [existing] = await tx.select({ n: count() }).from(registryConnections);
      const isDefault = fields.isDefault || existing?.n === 0;
      if (isDefault) await tx.update(registryConnections).set({ isDefault: false }).where(eq(registryConnections.isDefault, true));
      const [row] = await tx
        .insert(registryConnections)
        .values({
          name: fields.name,
          environment: fields.environment,
          baseUrl: fields.baseUrl,
          apiKeySealed: sealSecret(fields.apiKey),
          apiKeyHint: apiKeyHint(fields.apiKey),
          webhookSecretSealed: fields.webhookSecret ? sealSecret(fields.webhookSecret) : null,
          isDefault,
        })
        .returning();
      await audit(
        actor,
        "connection.created",
        fields.name,
        {
          environment: fields.environment,
          baseUrl: fields.baseUrl,
          apiKey: row!.apiKeyHint,
          webhookSecret: Boolean(fields.webhookSecret),
          isDefault,
          ...note,
        },
        tx,
      );
      return { ok: true, data: { id: row!.id } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken(fields.name);
    throw error;
  }
}

const httpsRefusal = (error: string) => ({ ok: false as const, code: "https_required", error, fieldErrors: { baseUrl: [error] } });

/**
 * Applies an edit at once: base URL, key, environment and default included. Only for what needs no second admin, or
 * what dual control has let through: the settings action goes through editConnection (edit-connection.ts), which
 * holds those for a second admin. `note` says how dual control let it through, for the audit row. The result is
 * checked as a whole: a production connection over plain http is refused, however the two changes came to meet.
 */
export async function updateConnection(actor: Actor, id: string, fields: ConnectionFields, note?: DualControlNote): Promise<ChangeResult> {
  try {
    return await db().transaction(async (tx) => {
      const [current] = await tx.select().from(registryConnections).where(eq(registryConnections.id, id)).for("update");
      if (!current) return { ok: false, code: "not_found", error: "No such connection." };
      const reentry = baseUrlChangeProblems({ baseUrl: current.baseUrl, hasWebhookSecret: current.webhookSecretSealed !== null }, fields);
      if (Object.keys(reentry).length > 0) return reentryRefusal(reentry);
      const plainHttp = plainHttpProblem(fields);
      if (plainHttp) return httpsRefusal(plainHttp);
      const changes: Partial<RegistryConnection> = {
        name: fields.name,
        environment: fields.environment,
        baseUrl: fields.baseUrl,
        updatedAt: new Date(),
      };
      const changed: string[] = (["name", "environment", "baseUrl"] as const).filter((k) => current[k] !== fields[k]);
      if (fields.apiKey) {
        changes.apiKeySealed = sealSecret(fields.apiKey);
        changes.apiKeyHint = apiKeyHint(fields.apiKey);
        changed.push("apiKey");
      }
      if (fields.webhookSecret) {
        // A rotation at the vendor takes effect gradually: keep accepting the replaced secret until retired.
        changes.webhookSecretSealed = sealSecret(fields.webhookSecret);
        changes.previousWebhookSecretSealed = current.webhookSecretSealed;
        changed.push("webhookSecret");
      } else if (fields.clearWebhookSecret && current.webhookSecretSealed) {
        changes.webhookSecretSealed = null;
        changes.previousWebhookSecretSealed = null;
        changed.push("webhookSecret (removed)");
      }
      if (fields.isDefault && !current.isDefault) {
        await tx.update(registryConnections).set({ isDefault: false }).where(eq(registryConnections.isDefault, true));
        changes.isDefault = true;
        changed.push("isDefault");
      }
      if (changed.length === 0) return { ok: true, data: undefined };
      await tx.update(registryConnections).set(changes).where(eq(registryConnections.id, id));
      await audit(
        actor,
        "connection.updated",
        fields.name,
        {
          changed,
          ...(fields.apiKey && { apiKey: changes.apiKeyHint }),
          ...(changed.includes("baseUrl") && { baseUrl: fields.baseUrl }),
          ...note,
        },
        tx,
      );
      return { ok: true, data: undefined };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken(fields.name);
    throw error;
  } finally {
    forgetSigningSecrets(id); // after commit, so no delivery keeps the old secrets
  }
}

/**
 * Applies `patch` (an approved address, key, environment or default) to a connection's current settings, leaving
 * the rest as stored, through updateConnection and its checks; audited with `note`.
 */
export async function patchConnection(
  actor: Actor,
  id: string,
  patch: Partial<ConnectionFields>,
  note: DualControlNote,
): Promise<ChangeResult> {
  const [current] = await db().select().from(registryConnections).where(eq(registryConnections.id, id));
  if (!current) return { ok: false, code: "not_found", error: "No such connection: it was deleted after the change was asked for." };
  const { name, environment, baseUrl } = current;
  const unchanged = { apiKey: "", webhookSecret: "", clearWebhookSecret: false, isDefault: false };
  return updateConnection(actor, id, { name, environment, baseUrl, ...unchanged, ...patch }, note);
}

/** Deletes a connection (the oldest other one becomes the default if it was). Only once dual control let it through. */
export async function deleteConnection(actor: Actor, id: string, note?: DualControlNote): Promise<ChangeResult> {
  // Deleting cascades to the connection's company files, which a webhook's filing may be writing just then: Postgres
  // ends one side of such a deadlock, and this side runs again.
  return retryOnDeadlock(() => deleteConnectionOnce(actor, id, note));
}

async function deleteConnectionOnce(actor: Actor, id: string, note?: DualControlNote): Promise<ChangeResult> {
  return db()
    .transaction(async (tx): Promise<ChangeResult> => {
      const [deleted] = await tx.delete(registryConnections).where(eq(registryConnections.id, id)).returning();
      if (!deleted) return { ok: false, code: "not_found", error: "No such connection." };
      let newDefault: string | undefined;
      if (deleted.isDefault) {
        const [next] = await tx
          .select()
          .from(registryConnections)
          .where(ne(registryConnections.id, id))
          .orderBy(asc(registryConnections.createdAt))
          .limit(1);
        if (next) {
          await tx.update(registryConnections).set({ isDefault: true }).where(eq(registryConnections.id, next.id));
          newDefault = next.name;
        }
      }
      await audit(
        actor,
        "connection.deleted",
        deleted.name,
        { environment: deleted.environment, ...(newDefault && { newDefault }), ...note },
        tx,
      );
      return { ok: true, data: undefined };
    })
    .finally(() => forgetSigningSecrets(id));
}

/** Stops accepting the secret a rotation replaced (once the vendor signs with the new one only). */
export async function retirePreviousWebhookSecret(actor: Actor, id: string): Promise<ChangeResult> {
  return db()
    .transaction(async (tx): Promise<ChangeResult> => {
      const [row] = await tx
        .update(registryConnections)
        .set({ previousWebhookSecretSealed: null, updatedAt: new Date() })
        .where(and(eq(registryConnections.id, id), isNotNull(registryConnections.previousWebhookSecretSealed)))
        .returning({ name: registryConnections.name });
      if (!row) return { ok: false, code: "not_found", error: "This connection has no previous secret to retire." };
      await audit(actor, "connection.updated", row.name, { changed: ["previousWebhookSecret (retired)"] }, tx);
      return { ok: true, data: undefined };
    })
    .finally(() => forgetSigningSecrets(id));
}

/**
 * The connection a user works with: the one they chose for their session when it still exists,
 * otherwise the default. Pass the list when the caller has it already.
 */
export async function activeConnection(chosenId: string | undefined, all?: ConnectionView[]): Promise<ConnectionView | undefined> {
  const connections = all ?? (await listConnections());
  return connections.find((c) => c.id === chosenId) ?? connections.find((c) => c.isDefault) ?? connections[0];
}

/**
 * The decrypted base URL and key for calling the registry. Server-only; never returned to a page. A key this
 * server cannot decrypt throws a ConnectionKeyUnreadableError naming the connection.
 */
export async function connectionTarget(id: string): Promise<RegistryTarget | undefined> {
  const [row] = await db().select().from(registryConnections).where(eq(registryConnections.id, id));
  return row ? { baseUrl: row.baseUrl, apiKey: openApiKey(row) } : undefined;
}

function openApiKey(row: RegistryConnection): string {
  try {
    return openSecret(row.apiKeySealed);
  } catch (error) {
    if (error instanceof SecretKeyError) throw new ConnectionKeyUnreadableError(row.name, error.message);
    throw error;
  }
}
