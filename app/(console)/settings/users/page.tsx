import type { Metadata } from "next";
import { guardPage } from "@/lib/auth/guard-page";
import { describeChange } from "@/lib/dual-control/change-words";
import { listChanges } from "@/lib/dual-control/pending-changes";
import { listUsers } from "@/lib/users/manage-users";
import { UsersAdmin } from "./users-admin";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage({ searchParams }: PageProps<"/settings/users">) {
  const me = await guardPage("manageUsers");
  const { q } = await searchParams;
  const query = typeof q === "string" ? q.slice(0, 200) : "";
  const [{ rows, matched }, pending] = await Promise.all([listUsers({ query }), listChanges({ states: ["pending"], kind: "user_access" })]);
  const waiting: Record<string, string[]> = {};
  for (const change of pending) (waiting[change.target] ??= []).push(describeChange(change).what);
  return (
    <UsersAdmin
      currentUserId={me.id}
      waiting={waiting}
      query={query}
      matched={matched}
      users={rows.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() }))}
    />
  );
}
