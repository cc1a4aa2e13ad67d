/** The console's roles (their list is `roles` in db/vocabulary.ts), with their labels and descriptions. */

import type { roles } from "@/db/vocabulary";

export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  admin: "Admin",
  compliance: "Compliance",
  finance: "Finance",
  auditor: "Auditor",
};

export const roleDescriptions: Record<Role, string> = {
  admin: "Manages users, API connections, vault credentials and workspaces; can do everything.",
  compliance: "Searches companies, orders dossiers and handles alerts.",
  finance: "Sets high-usage tiers and watches spend; sees prices but cannot order.",
  auditor: "Reads everything, including the audit log; changes nothing.",
};

/** Roles that change nothing: the console marks every page of theirs "Read-only". */
export const readOnlyRoles: readonly Role[] = ["auditor"];
