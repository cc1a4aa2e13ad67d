"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { errorText } from "@/lib/vocabulary/words.shared";

type Check = (
  input: Record<string, never>,
) => Promise<{ ok: true; data: { found: number; stillOpen: number } } | { ok: false; code: string; error: string }>;

/** Matches the open paid requests with what the registry has reported since, and says what it found. */
export function CheckIntentsButton({ check }: { check: Check }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [said, setSaid] = useState<string>();
  const run = () =>
    startTransition(async () => {
      const result = await check({});
      setSaid(
        result.ok
          ? `Found ${result.data.found}; ${result.data.stillOpen} still without a known outcome.`
          : errorText(result.code, result.error),
      );
      router.refresh();
    });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" size="sm" variant="outline" onClick={run} disabled={pending}>
        {pending ? "Looking…" : "Look for them again"}
      </Button>
      {said && (
        <span role="status" className="text-sm">
          {said}
        </span>
      )}
    </div>
  );
}
