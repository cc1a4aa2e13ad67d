"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";

/** Reads the queue again now (it also refreshes by itself on live events), saying when the lists were read. */
export function RefreshButton({ readAt }: { readAt: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <span role="status" data-testid="jobs-read-at">
        {pending ? "Reading the queue…" : `Read at ${readAt}.`}
      </span>
      <Button size="sm" variant="outline" disabled={pending} onClick={() => startTransition(() => router.refresh())}>
        Refresh
      </Button>
    </div>
  );
}
