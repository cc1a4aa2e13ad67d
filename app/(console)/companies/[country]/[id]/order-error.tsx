"use client";

import { useEffect, useState } from "react";
import { ConnectionKeyRemedy } from "@/components/connections/connection-key-remedy";
import { Button } from "@/components/ui/button";
import { ErrorWords } from "@/components/connections/error-words";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { credits, seconds } from "@/lib/vocabulary/units.shared";
import { label } from "@/lib/vocabulary/words.shared";

export type CapName = "maxBudget" | "profileMaxBudget" | "graphMaxBudget";

/** `quotedPrice: 12` and `maxBudget: 5` from a budget_exceeded answer's details. */
export function detailNumber(details: readonly string[], name: string): number | undefined {
  const found = details.map((d) => d.match(new RegExp(`^${name}:\\s*([\\d.]+)`))).find(Boolean);
  return found ? Number(found[1]) : undefined;
}

/** A refused order (or one whose outcome is unknown), in the words of the spec, with what the user can do about it. */
export function OrderError({
  error,
  onRaiseCap,
  onRetry,
}: {
  error: RegistryErrorInfo;
  onRaiseCap: (cap: CapName, credits: number) => void;
  onRetry: () => void;
}) {
  const [wait, setWait] = useState(error.retryAfter ?? 0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const quoted = detailNumber(error.details, "quotedPrice");
  const cap = (["profileMaxBudget", "graphMaxBudget", "maxBudget"] as const).find((name) =>
    error.details.some((d) => d.startsWith(`${name}:`)),
  );
  const balance = detailNumber(error.details, "balance");
  return (
    <div
      role="alert"
      aria-label={error.code === "outcome_unknown" ? "Order outcome unknown" : "Order refused"}
      className="space-y-2 rounded-md border border-destructive/40 p-3 text-sm"
    >
      <div className="text-destructive">
        <ErrorWords error={error} />
      </div>
      <ConnectionKeyRemedy code={error.code} />
      {error.code === "insufficient_funds" && (
        <p>
          Nothing was charged.{" "}
          {balance !== undefined && (
            <>
              The balance is {credits(balance)}
              {quoted !== undefined && <>, {credits(quoted)} are needed</>}.{" "}
            </>
          )}
          Top up the account, or order fewer datapoints.
        </p>
      )}
      {error.code === "budget_exceeded" && quoted !== undefined && cap && (
        <p className="flex flex-wrap items-center gap-2">
          Nothing was charged: the registry quoted {credits(quoted)}, above your {label("cap", cap).toLowerCase()}.
          <Button type="button" size="sm" variant="outline" onClick={() => onRaiseCap(cap, quoted)}>
            Raise the {label("cap", cap).toLowerCase()} to {credits(quoted)}
          </Button>
        </p>
      )}
      {error.retryable && (
        <Button type="button" size="sm" variant="outline" disabled={wait > 0} onClick={onRetry}>
          {wait > 0 ? `Retry in ${seconds(wait)}` : "Retry"}
        </Button>
      )}
    </div>
  );
}
