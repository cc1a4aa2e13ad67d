"use client";

import { createContext, use } from "react";
import type { Role } from "@/lib/auth/roles.shared";

const ViewerRoleContext = createContext<Role | undefined>(undefined);

/** The signed-in user's role, for client parts that offer a role-specific way on (links only: every page and action checks the role itself). */
export function ViewerRoleProvider({ role, children }: { role: Role; children: React.ReactNode }) {
  return <ViewerRoleContext value={role}>{children}</ViewerRoleContext>;
}

export function useViewerRole(): Role | undefined {
  return use(ViewerRoleContext);
}
