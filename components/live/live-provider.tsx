"use client";

import { createContext, useEffect, useState } from "react";
import { createLiveClient, type LiveClient } from "./live-client";

/** The tab's live client; null outside the console. */
export const LiveContext = createContext<LiveClient | null>(null);

/** Holds the tab's one live connection (/api/live) while the console is mounted. */
export function LiveProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(() => createLiveClient());
  useEffect(() => client.connect(), [client]);
  return <LiveContext value={client}>{children}</LiveContext>;
}
