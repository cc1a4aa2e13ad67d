"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { ConnectionKeyRemedy } from "@/components/connections/connection-key-remedy";
import { CsvFileInput } from "@/components/forms/csv-file-input";
import { FormError } from "@/components/forms/form-error";
import { ImportOutcomesTable, ImportPreviewTable, outcomeLabels } from "@/components/monitors/import-rows";
import { Button } from "@/components/ui/button";
import type { ImportSummary } from "@/lib/monitors/csv-import";
import { caseReferenceMax } from "@/lib/forms/case-reference.shared";
import { count } from "@/lib/vocabulary/units.shared";
import { importLimits, type CsvRow } from "@/lib/monitors/csv-rows.shared";
import { importMonitorsCsvAction, previewMonitorsCsvAction } from "./actions";

type Step =
  | { kind: "choose" }
  | { kind: "preview"; fileName: string; csv: string; rows: CsvRow[] }
  | { kind: "done"; fileName: string; summary: ImportSummary };

/** Choose a file → the preview with each row's errors (nothing sent) → create the valid rows' monitors → the outcome per row. */
export function ImportForm() {
  const router = useRouter();
  const inputId = useId();
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [problem, setProblem] = useState<{ message: string; code?: string }>();
  const [pending, startTransition] = useTransition();

  function preview(file: File) {
    setProblem(undefined);
    if (file.size > importLimits.maxBytes) {
      setStep({ kind: "choose" });
      return setProblem({
        message: `The file is ${Math.ceil(file.size / 1024)} KB; an import takes at most ${importLimits.maxBytes / 1024} KB.`,
      });
    }
    startTransition(async () => {
      const csv = await file.text();
      const result = await previewMonitorsCsvAction({ csv });
      if (!result.ok) {
        setStep({ kind: "choose" });
        return setProblem({ message: result.error, code: result.code });
      }
      setStep({ kind: "preview", fileName: file.name, csv, rows: result.data.rows });
    });
  }

  function create(previewed: Extract<Step, { kind: "preview" }>) {
    setProblem(undefined);
    startTransition(async () => {
      const result = await importMonitorsCsvAction({ csv: previewed.csv });
      if (!result.ok) return setProblem({ message: result.error, code: result.code });
      setStep({ kind: "done", fileName: previewed.fileName, summary: result.data });
      router.refresh(); // the coverage gaps beside the form include the new monitors
    });
  }

  const ready = step.kind === "preview" ? step.rows.filter((r) => r.errors.length === 0).length : 0;
  return (
    <div className="space-y-4">
      <div className="space-y-2 rounded-lg border p-4">
        <CsvFileInput id={inputId} disabled={pending} onFile={preview}>
          <p>
            One company per row: <strong>country</strong> (two letters, such as FR), <strong>company id</strong> as the register writes it,
            and an optional <strong>case reference</strong> (at most {caseReferenceMax} characters), in that order; or in any order under a
            header row naming them (case and spaces do not matter; other columns are ignored, so an export imports as it is). Comma,
            semicolon or tab separated; at most {importLimits.maxRows.toLocaleString("en")} rows and {importLimits.maxBytes / 1024} KB.
          </p>
          <p>
            Example: <code>FR,552 100 554,KYC-2026-17</code>. Nothing is sent before you confirm; a company already monitored comes back as
            such, so running a file again is safe.
          </p>
        </CsvFileInput>
        {pending && (
          <p role="status" className="text-sm">
            {step.kind === "preview" ? "Creating monitors…" : "Reading the file…"}
          </p>
        )}
      </div>
      <FormError message={problem?.message} />
      <ConnectionKeyRemedy code={problem?.code} />

      {step.kind === "preview" && (
        <section aria-labelledby="import-preview-title" className="space-y-3">
          <h2 id="import-preview-title" className="text-lg font-semibold">
            Preview of {step.fileName}
          </h2>
          <p className="text-sm">
            {count(step.rows.length, "row")}: {ready.toLocaleString("en")} ready, {(step.rows.length - ready).toLocaleString("en")} with
            errors (those are not sent). Nothing has been sent yet.
          </p>
          <div className="flex gap-2">
            <Button type="button" disabled={pending || ready === 0} onClick={() => create(step)}>
              Create {count(ready, "monitor")}
            </Button>
            <Button type="button" variant="outline" disabled={pending} onClick={() => setStep({ kind: "choose" })}>
              Cancel
            </Button>
          </div>
          <ImportPreviewTable rows={step.rows} />
        </section>
      )}

      {step.kind === "done" && (
        <section aria-labelledby="import-outcome-title" className="space-y-3">
          <h2 id="import-outcome-title" className="text-lg font-semibold">
            Outcome of {step.fileName}
          </h2>
          <p role="status" className="text-sm">
            {Object.entries(step.summary.counts)
              .filter(([, n]) => n > 0)
              .map(([kind, n]) => `${outcomeLabels[kind as keyof typeof outcomeLabels]}: ${n.toLocaleString("en")}`)
              .join(" · ")}
            .{" "}
            <Link href="/monitors" className="text-primary underline underline-offset-4">
              See the monitors
            </Link>
          </p>
          <ImportOutcomesTable outcomes={step.summary.outcomes} />
        </section>
      )}
    </div>
  );
}
