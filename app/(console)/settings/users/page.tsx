import type { Metadata } from "next";
import { guardPage } from "@/lib/auth/guard-page";
import { listUsers } from "@/lib/users/manage-users";
import { UsersAdmin } from "./users-admin";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const me = await guardPage("manageUsers");
  const users = await listUsers();
  return <UsersAdmin currentUserId={me.id} users={users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() }))} />;
}
