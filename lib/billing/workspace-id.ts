import "server-only";
/**
 * A workspace's id as the billing endpoints take it in their path (`{workspaceId}`): a UUID, not the name other
 * workspace endpoints use. Checked before anything is sent, so a name or a stray path never reaches the registry.
 * Zod-free.
 */
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const workspaceIdProblem = "Enter the workspace's id: a UUID such as 3f2b8c1e-0a4d-4e5f-9b6c-7d8e9f0a1b2c (not its name).";

export function isWorkspaceId(text: string): boolean {
  return uuidShape.test(text);
}
