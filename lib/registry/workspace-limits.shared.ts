/** The contract's limits on workspace names and legal names, without zod: a form can show them without loading it. */

export const workspaceNamePattern = /^[a-zA-Z0-9_-]+$/;
export const workspaceNameMax = 64;
export const workspaceLegalNameMax = 255;
