import { Hono } from "hono";
import { apiError } from "../api-error";
import type { SimulatorContext } from "../simulator-context";
import type { StoredVaultEntry } from "../state";
import { payloadProblems } from "../vault-payload";
import { seal } from "../vault-seal";
import { defaultWorkspace, setOwn, workspaceNamed } from "../workspaces";
import { noWorkspace } from "./workspaces";

/** Sources that need account-specific credentials, with the fields their payload takes. */
export const vaultSources = [
  {
    key: "infogreffe",
    format: "email_password",
    fields: [
      { name: "email", type: "email", required: true, secret: false },
      { name: "password", type: "password", required: true, secret: true },
    ],
  },
  {
    key: "handelsregister",
    format: "email_password",
    fields: [
      { name: "email", type: "email", required: true, secret: false },
      { name: "password", type: "password", required: true, secret: true },
      {
        name: "backupAccounts",
        type: "list",
        required: false,
        secret: false,
        item: {
          fields: [
            { name: "email", type: "email", required: true, secret: false },
            { name: "password", type: "password", required: true, secret: true },
          ],
        },
      },
    ],
  },
] as const;

function entryView(entry: StoredVaultEntry, resolvedFrom: string) {
  const { sealedPayload: _never, ...metadata } = entry;
  return { ...metadata, inheritedFromWorkspaceId: resolvedFrom };
}

/** The vault: sources, and each workspace's entries (addressed by workspace name, as the spec says). */
export function vaultRoutes(ctx: SimulatorContext) {
  const app = new Hono();
  const { state } = ctx.store;

  app.get("/vault/sources", (c) => c.json(vaultSources));

  app.put("/workspaces/:name/vault/:sourceKey", async (c) => {
    const workspace = workspaceNamed(state, c.req.param("name"));
    if (!workspace) return noWorkspace(c);
    const source = vaultSources.find((s) => s.key === c.req.param("sourceKey"));
    if (!source) return apiError(c, 400, "invalid_request", `Unknown source ${c.req.param("sourceKey")}; see GET /v2/vault/sources.`);
    const body = (await c.req.json().catch(() => undefined)) as { payload?: unknown } | undefined;
    if (!body || typeof body.payload !== "object" || body.payload === null || Array.isArray(body.payload))
      return apiError(c, 400, "invalid_request", "The body must be {payload: {...}}.");
    const problems = payloadProblems(source.fields, body.payload as Record<string, unknown>);
    if (problems.length) return apiError(c, 400, "invalid_request", "The payload does not match the source's fields.", problems);
    const now = ctx.clock.now().toISOString();
    const entries = Object.hasOwn(state.vault, workspace.name) ? state.vault[workspace.name]! : setOwn(state.vault, workspace.name, {});
    const previous = entries[source.key];
    // Last write wins: the version is read and bumped, not checked.
    entries[source.key] = {
      sourceKey: source.key,
      origin: "customer_provided",
      shape: source.format,
      ownerWorkspaceId: workspace.id,
      version: (previous?.version ?? 0) + 1,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
      expiresAt: null,
      sealedPayload: seal(body.payload, ctx.vaultKey),
    };
    ctx.store.changed();
    return c.json(entryView(entries[source.key]!, workspace.id));
  });

  app.get("/workspaces/:name/vault", (c) => {
    const workspace = workspaceNamed(state, c.req.param("name"));
    if (!workspace) return noWorkspace(c);
    const own = Object.values(state.vault[workspace.name] ?? {}).map((e) => entryView(e, workspace.id));
    const fallback = defaultWorkspace(state);
    const inherited =
      fallback.name === workspace.name
        ? []
        : Object.values(state.vault[fallback.name] ?? {})
            .filter((e) => !own.some((o) => o.sourceKey === e.sourceKey))
            .map((e) => entryView(e, fallback.id));
    return c.json([...own, ...inherited]);
  });

  return app;
}
