"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";

type Option = { id: string; name: string; environment: string };
/** The server action that makes a connection the session's active one (the layout passes it in). */
export type SwitchConnection = (input: { id: string }) => Promise<{ ok: true } | { ok: false; error: string }>;

/** The active registry connection, switchable for this session. A native select keeps every page light. */
export function ConnectionSwitcher({
  connections,
  activeId,
  switchConnection,
}: {
  connections: Option[];
  activeId: string;
  switchConnection: SwitchConnection;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    // On a phone it fills a row of its own under the header's buttons, so the connection's name shows whole; between
    // phone and desktop it shrinks with the header (its list still shows whole names).
    <label className="flex w-full min-w-0 items-center gap-2 text-sm sm:w-auto">
      <span className="shrink-0 text-muted-foreground sm:hidden lg:inline">Connection</span>
      <NativeSelect
        aria-label="Active registry connection"
        className="h-8 w-full min-w-0 px-2 sm:max-w-56"
        value={activeId}
        disabled={pending || connections.length < 2}
        onChange={(event) => {
          const id = event.target.value;
          startTransition(async () => {
            const result = await switchConnection({ id });
            if (!result.ok) toast({ title: "Connection not switched", description: result.error, variant: "destructive" });
            router.refresh();
          });
        }}
      >
        {connections.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.environment})
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}
