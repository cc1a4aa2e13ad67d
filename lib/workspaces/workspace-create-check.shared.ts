// First: zod's schemas must be built without its eval probe under the console's CSP (see there).
import "@/lib/security/browser-zod.shared";
import { workspaceCreateBodySchema } from "@/lib/registry/workspace-body-schemas.shared";

/**
 * The create-workspace form's check in the browser, with the contract's own schema. Its own module so that the form
 * imports it (and zod) on the first submit only.
 */
export const checkWorkspaceCreate = (input: { name: unknown; legalName: unknown }) => workspaceCreateBodySchema.safeParse(input);
