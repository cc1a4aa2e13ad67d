"use client";

import { useId, useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/forms/action-result";

type Confirm = (input: { batchId: string; capCredits: number; concurrency: number }) => Promise<ActionResult>;
type Cancel = (input: { batchId: string }) => Promise<ActionResult>;

/**
 * The one confirm of a batch: a cap prefilled with the quoted total and how many orders go out at once. The page
 * says "Confirmed" at once; a refusal puts the form back with the reason, and the live page replaces the guess.
 */
export function BatchConfirmForm({
  batchId,
  total,
  rowsToOrder,
  concurrency,
  maxConcurrency,
  confirm,
  ready,
}: {
  batchId: string;
  total: number;
  rowsToOrder: number;
  concurrency: number;
  maxConcurrency: number;
  confirm: Confirm;
  /** False while rows are still being matched or priced: the total is not final. */
  ready: boolean;
}) {
  const id = useId();
  const [cap, setCap] = useState(String(total));
  const [atOnce, setAtOnce] = useState(String(concurrency));
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<{ message: string; fields?: Record<string, string[]> }>();
  const [pending, startTransition] = useTransition();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const capCredits = Number(cap);
    const orders = Number(atOnce);
    const fields: Record<string, string[]> = {};
    if (!cap.trim() || !Number.isFinite(capCredits) || capCredits <= 0) fields.capCredits = ["The cap must be more than 0 credits."];
    if (!Number.isInteger(orders) || orders < 1 || orders > maxConcurrency)
      fields.concurrency = [`Orders at once is a whole number from 1 to ${maxConcurrency}.`];
    if (Object.keys(fields).length) return setProblem({ message: "Please correct the highlighted fields.", fields });
    setProblem(undefined);
    setConfirmed(true);
    startTransition(async () => {
      const result = await confirm({ batchId, capCredits, concurrency: orders });
      if (!result.ok) {
        setConfirmed(false);
        setProblem({ message: result.error, fields: result.fieldErrors });
      }
    });
  }

  if (confirmed) {
    return (
      <p role="status" className="rounded-md border border-success/50 px-4 py-2 text-sm">
        Confirmed with a cap of {Number(cap).toLocaleString("en")} credits: ordering starts{pending ? "…" : "."} You can close this page.
      </p>
    );
  }
  const capError = problem?.fields?.capCredits?.[0];
  const concurrencyError = problem?.fields?.concurrency?.[0];
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        Confirm and order
      </h3>
      <p className="text-sm text-muted-foreground">
        {rowsToOrder.toLocaleString("en")} {rowsToOrder === 1 ? "company is" : "companies are"} ordered, each at most its price above; the
        batch never spends more than the cap in all.
      </p>
      <div className="flex flex-wrap gap-4">
        <div className="space-y-1">
          <Label htmlFor={`${id}-cap`}>Cap (credits)</Label>
          <Input
            id={`${id}-cap`}
            inputMode="decimal"
            value={cap}
            onChange={(e) => setCap(e.target.value)}
            aria-invalid={capError ? true : undefined}
            aria-describedby={capError ? `${id}-cap-error` : undefined}
            className="w-40"
          />
          <FormError id={`${id}-cap-error`} message={capError} />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-concurrency`}>Orders at once</Label>
          <Input
            id={`${id}-concurrency`}
            type="number"
            min={1}
            max={maxConcurrency}
            value={atOnce}
            onChange={(e) => setAtOnce(e.target.value)}
            aria-invalid={concurrencyError ? true : undefined}
            aria-describedby={concurrencyError ? `${id}-concurrency-error` : `${id}-concurrency-help`}
            className="w-28"
          />
          <p id={`${id}-concurrency-help`} className="text-xs text-muted-foreground">
            1 to {maxConcurrency}
          </p>
          <FormError id={`${id}-concurrency-error`} message={concurrencyError} />
        </div>
      </div>
      <FormError message={problem && !capError && !concurrencyError ? problem.message : undefined} />
      <Button type="submit" disabled={!ready || rowsToOrder === 0}>
        Confirm: order {rowsToOrder.toLocaleString("en")} for at most {Number(cap || 0).toLocaleString("en")} credits
      </Button>
      {!ready && <p className="text-sm text-muted-foreground">The total is not final yet: rows are still being matched or priced.</p>}
    </form>
  );
}

/** Cancel a batch after a second thought: nothing more is sent; orders already sent complete. */
export function CancelBatchButton({ batchId, cancel }: { batchId: string; cancel: Cancel }) {
  const [problem, setProblem] = useState<string>();
  const [cancelled, setCancelled] = useState(false);
  const [, startTransition] = useTransition();
  if (cancelled)
    return (
      <p role="status" className="text-sm">
        Cancelled: nothing more is sent.
      </p>
    );
  return (
    <div className="space-y-1">
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button type="button" variant="outline">
            Cancel this list
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel this list?</AlertDialogTitle>
            <AlertDialogDescription>
              No new order goes out from now on; rows not yet sent are skipped. Orders already sent complete and are shown.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it running</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                setProblem(undefined);
                setCancelled(true);
                startTransition(async () => {
                  const result = await cancel({ batchId });
                  if (!result.ok) {
                    setCancelled(false);
                    setProblem(result.error);
                  }
                });
              }}
            >
              Cancel the list
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <FormError message={problem} />
    </div>
  );
}
