"use client";

import { Eye } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import type { ActionResult } from "@/lib/auth/role-action";
import { metadataSendable, type MetadataEntry } from "@/lib/monitors/metadata-input";
import type { StartedMonitorView } from "@/lib/monitors/start-monitor";
import { DatapointNotices } from "./datapoint-notices";
import { MetadataEditor } from "./metadata-editor";
import { errorText } from "@/lib/vocabulary/words";

type Props<T extends object> = {
  /** What the action needs besides the metadata: the company, or the dossier's request id. */
  target: T;
  start: (input: T & { metadata: MetadataEntry[] }) => Promise<ActionResult<StartedMonitorView>>;
  /** The rows the form opens with (the case reference and who asks). */
  prefilled: MetadataEntry[];
  companyLabel: string;
};

/** "Start monitoring": a dialog editing the monitor's metadata, then what the registry answered. */
export function StartMonitoring<T extends object>({ target, start, prefilled, companyLabel }: Props<T>) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [entries, setEntries] = useState(prefilled);
  const [refusal, setRefusal] = useState<{ message: string; fieldErrors?: Record<string, string[]> }>();
  const [started, setStarted] = useState<StartedMonitorView>();
  const [pending, startTransition] = useTransition();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!metadataSendable(entries)) return setRefusal({ message: "Correct the flagged metadata first: nothing was sent." });
    setRefusal(undefined);
    startTransition(async () => {
      const result = await start({ ...target, metadata: entries });
      if (!result.ok)
        return setRefusal({
          message: result.registry ? errorText(result.code, result.error) : result.error,
          fieldErrors: result.fieldErrors,
        });
      setStarted(result.data);
      router.refresh();
    });
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setEntries(prefilled);
      setStarted(undefined);
      setRefusal(undefined);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Eye className="size-4" aria-hidden /> Start monitoring
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Start monitoring</DialogTitle>
          <DialogDescription>
            {companyLabel}: the registry checks it daily and notifies this console of each change. Monitoring costs no credits.
          </DialogDescription>
        </DialogHeader>
        {started ? (
          <div className="space-y-3">
            <p role="status" className="rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm">
              {started.alreadyMonitored
                ? "Already monitored: the registry returned the existing monitor, with its metadata replaced by this form's."
                : "Monitoring started."}
            </p>
            <DatapointNotices notices={started.datapointNotices} />
            <DialogFooter>
              <Button asChild>
                <Link href={`/monitors/${encodeURIComponent(started.monitorId)}`}>Open the monitor</Link>
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate>
            <MetadataEditor entries={entries} onChange={setEntries} serverErrors={refusal?.fieldErrors} />
            <FormError message={refusal?.message} />
            <DialogFooter>
              <Button type="submit" disabled={pending}>
                {pending ? "Starting…" : "Start monitoring"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
