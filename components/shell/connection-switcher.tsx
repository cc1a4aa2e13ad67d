"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { switchConnectionAction } from "@/app/(console)/actions";
import { toast } from "@/components/ui/use-toast";

type Option = { id: string; name: string; environment: string };

/** The active registry connection, switchable for this session. A native select keeps every page light. */
export function ConnectionSwitcher({ connections, activeId }: { connections: Option[]; activeId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="hidden text-muted-foreground lg:inline">Connection</span>
      <select
        aria-label="Active registry connection"
        className="h-8 max-w-56 rounded-md border border-input bg-background px-2 text-sm"
        value={activeId}
        disabled={pending || connections.length < 2}
        onChange={(event) => {
          const id = event.target.value;
          startTransition(async () => {
            const result = await switchConnectionAction({ id });
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
      </select>
    </label>
  );
}
