"use client";

import { Eye, Pencil } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import type { ActionResult } from "@/lib/forms/action-result";
import {
  fieldEntries,
  metadataFields,
  metadataFieldsSendable,
  type MetadataEntry,
  type MetadataFields,
} from "@/lib/monitors/metadata-input.shared";
import type { StartedMonitorView } from "@/lib/monitors/start-monitor";
import { DatapointNotices } from "./datapoint-notices";
import { MetadataEditor } from "./metadata-editor";
import { cn } from "@/lib/cn.shared";
import { errorText } from "@/lib/vocabulary/words.shared";

type Props<T extends object> = {
  /** What the start action needs besides the metadata: the company, or the dossier's request id. */
  target: T;
  start: (input: T & { metadata: MetadataEntry[] }) => Promise<ActionResult<StartedMonitorView>>;
  /** The rows a start opens with (the case reference and who asks). */
  prefilled: MetadataEntry[];
  companyLabel: string;
  /** The active monitor watching this company: the button edits its metadata ("Edit monitor") instead of starting one. */
  monitor?: { monitorId: string; metadata: MetadataEntry[] };
  /** Saves an edit: gets the target too (a dossier's edit goes through the request's connection). */
  save: (input: T & { monitorId: string; metadata: MetadataEntry[] }) => Promise<ActionResult<{ monitorId: string }>>;
};

/** What the dialog shows once the form is sent: a guess ("starting", "saving") at once, then the registry's answer. */
type Outcome =
  | { kind: "starting" }
  | { kind: "saving"; monitorId: string }
  | { kind: "started"; view: StartedMonitorView }
  | { kind: "saved"; monitorId: string };

const outcomeText = (outcome: Outcome): string => {
  switch (outcome.kind) {
    case "starting":
      return "Starting monitoring: waiting for the registry to confirm…";
    case "saving":
      return "Saving: waiting for the registry to confirm…";
    case "saved":
      return "Saved: the registry now stores this metadata.";
    case "started":
      return outcome.view.alreadyMonitored
        ? "Already monitored: the registry returned the existing monitor, with its metadata replaced by this form's."
        : "Monitoring started.";
  }
};

/**
 * "Start monitoring", or "Edit monitor" when an active monitor already watches the company: a dialog editing the
 * monitor's metadata, then what the registry answered. One component for both, so the dialog that just started a
 * monitor stays open with its answer while the page, refreshed, turns the button into "Edit monitor". Sending shows
 * at once what is on its way; the registry's answer replaces it, and a refusal brings the form back, as typed, with why.
 */
export function MonitorDialog<T extends object>({ target, start, prefilled, companyLabel, monitor, save }: Props<T>) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  /** Which form the dialog opened as (kept while open, whatever the refreshed page says). */
  const [editing, setEditing] = useState<string>();
  const [fields, setFields] = useState<MetadataFields>(() => metadataFields(prefilled));
  const [refusal, setRefusal] = useState<{ message: string; fieldErrors?: Record<string, string[]> }>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [, startTransition] = useTransition();
  const title = editing ? "Edit monitor" : "Start monitoring";

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!metadataFieldsSendable(fields)) return setRefusal({ message: "Correct the flagged metadata first: nothing was sent." });
    setRefusal(undefined);
    const metadata = fieldEntries(fields);
    const refuse = (result: Extract<ActionResult, { ok: false }> | undefined) => {
      setOutcome(undefined);
      setRefusal(
        result
          ? { message: result.registry ? errorText(result.code, result.error) : result.error, fieldErrors: result.fieldErrors }
          : { message: "The console did not answer: the monitor may not have been saved. Reload the page to see." },
      );
    };
    setOutcome(editing ? { kind: "saving", monitorId: editing } : { kind: "starting" });
    startTransition(async () => {
      if (editing) {
        const result = await save({ ...target, monitorId: editing, metadata }).catch(() => undefined);
        if (!result?.ok) return refuse(result);
        setOutcome({ kind: "saved", monitorId: result.data.monitorId });
      } else {
        const result = await start({ ...target, metadata }).catch(() => undefined);
        if (!result?.ok) return refuse(result);
        setOutcome({ kind: "started", view: result.data });
      }
      router.refresh();
    });
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setEditing(monitor?.monitorId);
      setFields(metadataFields(monitor ? monitor.metadata : prefilled));
      setOutcome(undefined);
      setRefusal(undefined);
    }
  }

  const monitorId = outcome?.kind === "started" ? outcome.view.monitorId : outcome?.kind === "saved" ? outcome.monitorId : undefined;
  const waiting = outcome?.kind === "starting" || outcome?.kind === "saving";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          {monitor ? (
            <>
              <Pencil className="size-4" aria-hidden /> Edit monitor
            </>
          ) : (
            <>
              <Eye className="size-4" aria-hidden /> Start monitoring
            </>
          )}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {editing
              ? `${companyLabel} is monitored. Saving replaces the metadata the registry stores with the monitor and echoes in its notifications.`
              : `${companyLabel}: the registry checks it daily and notifies this console of each change. Monitoring costs no credits.`}
          </DialogDescription>
        </DialogHeader>
        {outcome ? (
          <div className="space-y-3">
            <p
              role="status"
              aria-busy={waiting || undefined}
              className={cn(
                "rounded-md border px-3 py-2 text-sm",
                waiting ? "border-dashed text-muted-foreground" : "border-success/40 bg-success/10",
              )}
            >
              {outcomeText(outcome)}
            </p>
            {outcome.kind === "started" && <DatapointNotices notices={outcome.view.datapointNotices} />}
            {monitorId && (
              <DialogFooter>
                <Button asChild>
                  <Link href={`/monitors/${encodeURIComponent(monitorId)}`}>Open the monitor</Link>
                </Button>
              </DialogFooter>
            )}
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate>
            <MetadataEditor fields={fields} onChange={setFields} serverErrors={refusal?.fieldErrors} />
            <FormError message={refusal?.message} />
            <DialogFooter>
              <Button type="submit">{editing ? "Save changes" : "Start monitoring"}</Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
