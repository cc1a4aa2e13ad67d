import type { Metadata } from "next";
import { guardPage } from "@/lib/auth/guard-page";
import { pendingTargetChanges } from "@/lib/connections/connection-target-change";
import { listConnections } from "@/lib/connections/manage-connections";
import { ConnectionsAdmin } from "./connections-admin";

export const metadata: Metadata = { title: "Connections" };

export default async function ConnectionsPage() {
  await guardPage("manageConnections");
  const [connections, pending] = await Promise.all([listConnections(), pendingTargetChanges()]);
  return <ConnectionsAdmin connections={connections} pending={pending} />;
}
