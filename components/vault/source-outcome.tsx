"use client";

import { createContext, use, useCallback, useMemo, useState } from "react";
import { FormError } from "@/components/forms/form-error";
import type { ActionResult } from "@/lib/forms/action-result";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import type { ReplacementOutcome } from "@/lib/vault/replace-credentials";
import type { StoredCredentials } from "@/lib/vault/store-credentials";
import { label } from "@/lib/vocabulary/words.shared";

/** What a source's form keeps after a submit: the outcome's metadata, never a value that was typed. */
export type SourceOutcome =
  /** Shown at once on submit, until the server answers. */
  | { sending: true }
  | { stored: StoredCredentials; warning?: string }
  | { pending: true; typedDropped: boolean }
  | { error: string; registry?: RegistryErrorInfo; fieldErrors?: Record<string, string[]> };

/** A vault action's result as the outcome a form shows; `typed`: the form had credentials typed into it. */
export function sourceOutcomeOf(result: ActionResult<StoredCredentials | ReplacementOutcome>, typed: boolean): SourceOutcome {
  if (!result.ok) return { error: result.error, registry: result.registry, fieldErrors: result.fieldErrors };
  const data = result.data;
  if (!("state" in data)) return { stored: data };
  return data.state === "pending" ? { pending: true, typedDropped: typed } : { stored: data.stored, warning: data.warning };
}

type Outcomes = { outcomes: Record<string, SourceOutcome>; report: (key: string, outcome: SourceOutcome) => void };

const OutcomesContext = createContext<Outcomes | null>(null);

const keyOf = (workspace: string, sourceKey: string) => `${workspace}/${sourceKey}`;

/**
 * Holds each source's last outcome above the forms. A successful action refreshes the page (the table, the coverage
 * and the waiting banner), and the source's form may then be another one (a stored source is next replaced, an
 * approved replacement is done): the outcome stays on screen through that, in whichever form the source now has.
 */
export function SourceOutcomes({ children }: { children: React.ReactNode }) {
  const [outcomes, setOutcomes] = useState<Record<string, SourceOutcome>>({});
  const report = useCallback((key: string, outcome: SourceOutcome) => setOutcomes((o) => ({ ...o, [key]: outcome })), []);
  const value = useMemo(() => ({ outcomes, report }), [outcomes, report]);
  return <OutcomesContext value={value}>{children}</OutcomesContext>;
}

/** A source's last outcome on a workspace, and the setter its form reports to. */
export function useSourceOutcome(workspace: string, sourceKey: string): [SourceOutcome | undefined, (outcome: SourceOutcome) => void] {
  const context = use(OutcomesContext);
  if (!context) throw new Error("useSourceOutcome needs <SourceOutcomes> above it.");
  const key = keyOf(workspace, sourceKey);
  return [context.outcomes[key], (outcome) => context.report(key, outcome)];
}

/** The outcome in words: the stored version, a request waiting for a second admin, or the refusal with its details. */
export function SourceOutcomeMessage({ outcome }: { outcome: SourceOutcome | undefined }) {
  if (!outcome) return null;
  if ("sending" in outcome) {
    return (
      <p role="status" aria-busy className="text-sm text-muted-foreground">
        Sending: waiting for the registry to confirm…
      </p>
    );
  }
  if ("stored" in outcome) {
    return (
      <p role="status" className="text-sm">
        Stored for {label("vaultSource", outcome.stored.sourceKey)} on {outcome.stored.workspace}: now version {outcome.stored.version}.
        {outcome.stored.raced &&
          ` The version moved from ${outcome.stored.previousVersion} to ${outcome.stored.version}, not by exactly one: another change may have raced this one, and the registry keeps the last write.`}
        {outcome.warning && ` ${outcome.warning}`}
      </p>
    );
  }
  if ("pending" in outcome) {
    return (
      <p role="status" className="text-sm">
        {outcome.typedDropped
          ? "Dual control applies now: your request waits for a second admin, who enters the new credentials. What you typed was not kept."
          : "Asked: waiting for a second admin."}
      </p>
    );
  }
  return (
    <div className="space-y-1">
      <FormError message={outcome.error} />
      {[
        ...(outcome.registry?.details ?? []),
        ...Object.entries(outcome.fieldErrors ?? {}).map(([path, messages]) => `${path}: ${messages.join(" ")}`),
      ].map((detail) => (
        <p key={detail} className="text-sm text-destructive">
          {detail}
        </p>
      ))}
    </div>
  );
}

/** The waiting note a source gets while its replacement waits, with the outcome that led there (if sent from here). */
export function WaitingSourceNote({ workspace, sourceKey, children }: { workspace: string; sourceKey: string; children: React.ReactNode }) {
  const [outcome] = useSourceOutcome(workspace, sourceKey);
  return (
    <div id={`source-${sourceKey}`} className="space-y-2 rounded-md border border-dashed px-4 py-2 text-sm">
      <p>{children}</p>
      <SourceOutcomeMessage outcome={outcome} />
    </div>
  );
}
