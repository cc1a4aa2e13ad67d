import type { Metadata } from "next";
import { guardPage } from "@/lib/auth/guard-page";
import { listConnections } from "@/lib/connections/manage-connections";
import { waitingConnectionChanges } from "@/lib/connections/waiting-connection-changes";
import { ConnectionsAdmin } from "./connections-admin";

export const metadata: Metadata = { title: "Connections" };

export default async function ConnectionsPage() {
  await guardPage("manageConnections");
  const [connections, waiting] = await Promise.all([listConnections(), waitingConnectionChanges()]);
  return <ConnectionsAdmin connections={connections} waiting={waiting} />;
}
