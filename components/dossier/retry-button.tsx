"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import type { RetryKind } from "@/lib/orders/retry-order";
import { errorText } from "@/lib/vocabulary/words.shared";
import { credits } from "@/lib/vocabulary/units.shared";

type Failure = { ok: false; code: string; error: string };
type Target = { requestId: string; kind: RetryKind; name: string };
export type RetryActions = {
  quote: (input: Target) => Promise<{ ok: true; data: { total: number; unpriced: string[]; label: string } } | Failure>;
  retry: (input: Target & { quotedTotal: number }) => Promise<{ ok: true; data: { requestId: string } } | Failure>;
};

/**
 * Re-orders one failed datapoint or document: asks for its price first, repeats it in a confirm dialog, then
 * orders it as a new request and links there. Errors read in the registry's words.
 */
export function RetryButton({ target, actions }: { target: Target; actions: RetryActions }) {
  const [pending, startTransition] = useTransition();
  const [quote, setQuote] = useState<{ total: number; unpriced: string[]; label: string }>();
  const [error, setError] = useState<string>();
  const [ordered, setOrdered] = useState<string>();

  const askPrice = () =>
    startTransition(async () => {
      setError(undefined);
      const answer = await actions.quote(target);
      if (answer.ok) setQuote(answer.data);
      else setError(errorText(answer.code, answer.error));
    });
  const confirm = () =>
    startTransition(async () => {
      const answer = await actions.retry({ ...target, quotedTotal: quote!.total });
      setQuote(undefined);
      if (answer.ok) setOrdered(answer.data.requestId);
      else setError(errorText(answer.code, answer.error));
    });

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {ordered ? (
        <Link
          href={`/requests/${encodeURIComponent(ordered)}`}
          className="text-xs font-medium text-primary underline-offset-4 hover:underline"
        >
          Retried as request {ordered}
        </Link>
      ) : (
        <Button size="sm" variant="outline" onClick={askPrice} disabled={pending} data-retry={target.name}>
          Retry
        </Button>
      )}
      {error && (
        <span role="alert" className="text-xs text-destructive">
          {error}
        </span>
      )}
      <AlertDialog open={quote !== undefined} onOpenChange={(open) => !open && setQuote(undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Order {quote?.label} again?</AlertDialogTitle>
            <AlertDialogDescription>
              This orders only {quote?.label} for the same company, as a new request, for {credits(quote?.total ?? 0)}
              {quote?.unpriced.length ? ` (the pricing names no price for ${quote.unpriced.join(", ")})` : ""}.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={confirm} disabled={pending}>
              Order for {credits(quote?.total ?? 0)}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </span>
  );
}
