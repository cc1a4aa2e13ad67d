/**
 * The workspace inputs of the contract that forms also check in the browser: apart from schemas.shared.ts, so a client
 * component that validates a workspace name does not ship the whole contract.
 */
import { z } from "zod";
import { workspaceLegalNameMax, workspaceNameMax, workspaceNamePattern } from "./workspace-limits.shared";

/** POST /v2/workspaces (vendor-documented, CreateWorkspaceDto). The answer is a workspace as the list shows one. */
export const workspaceCreateBodySchema = z.object({
  name: z
    .string()
    .regex(workspaceNamePattern, { error: "The name may hold only letters, digits, '_' and '-'." })
    .max(workspaceNameMax, { error: `The name can be at most ${workspaceNameMax} characters.` }),
  legalName: z
    .string()
    .trim()
    .min(1, { error: "Give the legal name." })
    .max(workspaceLegalNameMax, { error: `The legal name can be at most ${workspaceLegalNameMax} characters.` }),
});
