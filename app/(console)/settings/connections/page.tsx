import type { Metadata } from "next";
import { guardPage } from "@/lib/auth/guard-page";
import { listConnections } from "@/lib/connections/manage-connections";
import { ConnectionsAdmin } from "./connections-admin";

export const metadata: Metadata = { title: "Connections" };

export default async function ConnectionsPage() {
  await guardPage("manageConnections");
  return <ConnectionsAdmin connections={await listConnections()} />;
}
