import type { Metadata } from "next";
import { guardPage } from "@/lib/auth/guard-page";
import { describeChange } from "@/lib/dual-control/change-words";
import { listChanges } from "@/lib/dual-control/pending-changes";
import { listUsers } from "@/lib/users/manage-users";
import { UsersAdmin } from "./users-admin";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const me = await guardPage("manageUsers");
  const [users, pending] = await Promise.all([listUsers(), listChanges({ states: ["pending"], kind: "user_access" })]);
  const waiting: Record<string, string[]> = {};
  for (const change of pending) (waiting[change.target] ??= []).push(describeChange(change).what);
  return <UsersAdmin currentUserId={me.id} waiting={waiting} users={users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() }))} />;
}
