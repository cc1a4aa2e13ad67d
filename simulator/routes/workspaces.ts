import { Hono, type Context } from "hono";
import { z } from "zod";
import { workspacePatchBodySchema } from "../../lib/registry/schemas.shared";
import { workspaceLegalNameMax } from "../../lib/registry/workspace-limits.shared";
import { apiError, issueDetails } from "../api-error";
import type { SimulatorContext } from "../simulator-context";
import { usageRange, usageReport } from "../usage";
import { createWorkspace, deleteWorkspace, listWorkspaces, workspaceNamed, workspaceNamedOrWithId, workspaceView } from "../workspaces";

/** POST /v2/workspaces, as the vendor's OpenAPI describes its body (CreateWorkspaceDto). */
const createBody = z.object({
  name: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/, { error: "The name may hold only letters, digits, '_' and '-'." })
    .max(64, { error: "The name can be at most 64 characters." }),
  legalName: z.string().max(workspaceLegalNameMax, { error: `The legal name can be at most ${workspaceLegalNameMax} characters.` }),
});

/** The answer to a workspace name that does not exist (the spec's routes address workspaces by name, never creating one). */
export function noWorkspace(c: Context) {
  return apiError(c, 404, "not_found", `No workspace named ${c.req.param("name")}.`);
}

/**
 * Workspaces: the spec's PATCH by name, and the vendor-documented list, create, delete and usage report (their answers'
 * shapes are the simulator's choice where the vendor publishes none; see docs/simulator.md).
 */
export function workspaceRoutes(ctx: SimulatorContext) {
  const app = new Hono();
  const { state } = ctx.store;

  app.get("/", (c) => c.json(listWorkspaces(state).map(workspaceView)));

  app.post("/", async (c) => {
    const parsed = createBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return apiError(c, 400, "invalid_request", "The workspace is invalid.", issueDetails(parsed.error.issues));
    const { name, legalName } = parsed.data;
    if (Object.hasOwn(state.workspaces, name)) return apiError(c, 409, "conflict", `A workspace named ${name} already exists.`);
    const workspace = createWorkspace(state, name, legalName, ctx.clock.now());
    ctx.store.changed();
    return c.json(workspaceView(workspace), 201);
  });

  app.get("/usage", (c) => {
    const range = usageRange({ startDate: c.req.query("startDate"), endDate: c.req.query("endDate") }, ctx.clock.now());
    if ("problem" in range) return apiError(c, 400, "invalid_request", range.problem);
    const named = c.req.query("workspace");
    if (named === undefined) return c.json(usageReport(state, listWorkspaces(state), range));
    const workspace = workspaceNamedOrWithId(state, named);
    if (!workspace) return apiError(c, 404, "not_found", `No workspace named or with the id ${named}.`);
    return c.json(usageReport(state, [workspace], range));
  });

  app.patch("/:name", async (c) => {
    const workspace = workspaceNamed(state, c.req.param("name"));
    if (!workspace) return noWorkspace(c);
    const parsed = workspacePatchBodySchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return apiError(c, 400, "invalid_request", "The workspace change is invalid.", issueDetails(parsed.error.issues));
    Object.assign(workspace, parsed.data);
    ctx.store.changed();
    return c.json({ id: workspace.id, name: workspace.name, legalName: workspace.legalName, uboEnabled: workspace.uboEnabled });
  });

  app.delete("/:name", (c) => {
    const workspace = workspaceNamed(state, c.req.param("name"));
    if (!workspace) return noWorkspace(c);
    if (workspace.isDefault)
      return apiError(
        c,
        409,
        "conflict",
        "The default workspace cannot be deleted: company requests are charged to it and the other workspaces inherit its vault entries.",
      );
    deleteWorkspace(state, workspace);
    ctx.store.changed();
    return c.json({ ok: true });
  });

  return app;
}
