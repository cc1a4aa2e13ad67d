/** The contract's limits on workspace names and legal names, without zod: a form can show them without loading it. */

export const workspaceNamePattern = /^[a-zA-Z0-9_-]+$/;
export const workspaceNameMax = 64;
export const workspaceLegalNameMax = 255;

/**
 * Characters left in a legal name, counted as the contract's `.max(255)` counts them, so the live counter turns
 * negative exactly when the server (and the registry, which checks with the same schema) refuses the name.
 * zod 4.6 counts Unicode code points, not UTF-16 units (`string.length`): an emoji is one character here, as it
 * is for class-validator's MaxLength and for Postgres. The string iterator counts the same way (a lone surrogate
 * is one). workspace-limits.test.ts pins the agreement, so a zod that counts otherwise fails there.
 */
export function legalNameRemaining(value: string): number {
  return workspaceLegalNameMax - [...value].length;
}
