import type { Metadata } from "next";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { guardPage } from "@/lib/auth/guard-page";
import { listConnections } from "@/lib/connections/manage-connections";
import { waitingConnectionChanges } from "@/lib/connections/waiting-connection-changes";
import { liveTopics } from "@/lib/live/topics.shared";
import { ConnectionsAdmin } from "./connections-admin";

export const metadata: Metadata = { title: "Connections" };

/** Registry connections; re-rendered on each event of the `pending-changes` topic, so a waiting change decided elsewhere shows. */
export default async function ConnectionsPage() {
  await guardPage("manageConnections");
  const [connections, waiting] = await Promise.all([listConnections(), waitingConnectionChanges()]);
  return (
    <>
      <RefreshOnLive topic={liveTopics.pendingChanges} />
      <ConnectionsAdmin connections={connections} waiting={waiting} />
    </>
  );
}
