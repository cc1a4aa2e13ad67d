import "server-only";
/**
 * Where a second admin approves a pending vault replacement: the source's form on /vault, opened with the change id.
 * Approving needs the new credentials typed there (the pending change never holds them), so no list offers a bare
 * "approve" for this kind.
 */
export function replacementApprovalHref(change: { id: string; details: Record<string, unknown> }): string {
  const workspace = String(change.details.workspace ?? "");
  const sourceKey = String(change.details.sourceKey ?? "");
  return `/vault?${new URLSearchParams({ workspace, approve: change.id })}#source-${sourceKey}`;
}
