"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { BatchPreviewTable } from "@/components/batches/batch-preview-table";
import { ConnectionKeyRemedy } from "@/components/connections/connection-key-remedy";
import { CsvFileInput } from "@/components/forms/csv-file-input";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import type { BatchCsvRow } from "@/lib/batches/batch-csv";
import { batchColumnNames, batchFileLimits, fileTooLarge } from "@/lib/batches/batch-file-limits.shared";
import { caseReferenceMax } from "@/lib/forms/case-reference.shared";
import { count } from "@/lib/vocabulary/units.shared";
import { previewBatchFileAction, startBatchImportAction } from "./actions";

type Preview = { fileName: string; csv: string; rows: BatchCsvRow[]; existingBatchId: string | null };

/** Choose a file → the preview with each row's problems (nothing stored or sent) → match the rows → the batch's page. */
export function ImportListForm() {
  const router = useRouter();
  const inputId = useId();
  const [preview, setPreview] = useState<Preview>();
  const [problem, setProblem] = useState<{ message: string; code?: string }>();
  const [starting, setStarting] = useState(false);
  const [pending, startTransition] = useTransition();

  function read(file: File) {
    setProblem(undefined);
    setPreview(undefined);
    const tooLarge = fileTooLarge(file.size);
    if (tooLarge) return setProblem({ message: tooLarge });
    startTransition(async () => {
      const csv = await file.text();
      const result = await previewBatchFileAction({ csv, fileName: file.name });
      if (!result.ok) return setProblem({ message: result.error, code: result.code });
      setPreview({ fileName: file.name, csv, ...result.data });
    });
  }

  function start(previewed: Preview) {
    setProblem(undefined);
    setStarting(true);
    startTransition(async () => {
      const result = await startBatchImportAction({ csv: previewed.csv, fileName: previewed.fileName });
      if (!result.ok) {
        setStarting(false);
        return setProblem({ message: result.error, code: result.code });
      }
      router.push(`/portfolio/batches/${result.data.batchId}${result.data.existing ? "?uploaded=again" : ""}`);
    });
  }

  const ready = preview ? preview.rows.filter((r) => r.problems.length === 0).length : 0;
  return (
    <div className="space-y-4">
      <div className="space-y-2 rounded-lg border p-4">
        <CsvFileInput id={inputId} disabled={pending} onFile={read}>
          <p>
            A header row, then one company per row: its <strong>{batchColumnNames.country}</strong> (a name such as France, or a code such
            as FR) and its <strong>{batchColumnNames.name}</strong> or <strong>{batchColumnNames.number}</strong> (or both); optionally a{" "}
            <strong>{batchColumnNames.caseReference}</strong> (at most {caseReferenceMax} characters) and an{" "}
            <strong>{batchColumnNames.owner}</strong> (a user&apos;s email). Common names for the columns work too (company name, legal
            name, company number, registration no…); case and spaces do not matter, other columns are ignored. At most{" "}
            {batchFileLimits.maxRows.toLocaleString("en")} rows and {batchFileLimits.maxBytes / 1024 / 1024} MB.
          </p>
          <p>Nothing is stored or sent until you start matching, and matching is free: only the orders you confirm later spend credits.</p>
        </CsvFileInput>
        {pending && (
          <p role="status" className="text-sm">
            {starting ? "Storing the list and starting to match…" : "Reading the file…"}
          </p>
        )}
      </div>
      <FormError message={problem?.message} />
      <ConnectionKeyRemedy code={problem?.code} />

      {preview && (
        <section aria-labelledby="batch-preview-title" className="space-y-3">
          <h2 id="batch-preview-title" className="text-lg font-semibold [overflow-wrap:anywhere]">
            Preview of {preview.fileName}
          </h2>
          {preview.existingBatchId && (
            <p role="status" className="rounded-md border border-warning/50 px-4 py-2 text-sm">
              This file was uploaded before: matching opens the list it started, and nothing is ordered twice.{" "}
              <Link href={`/portfolio/batches/${preview.existingBatchId}`} className="text-primary underline underline-offset-4">
                Open that list
              </Link>
            </p>
          )}
          <p className="text-sm">
            {count(preview.rows.length, "row")}: {ready.toLocaleString("en")} ready, {(preview.rows.length - ready).toLocaleString("en")}{" "}
            with problems (those are kept, shown with their problems, and never searched or ordered). Nothing has been stored yet.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={pending || ready === 0} onClick={() => start(preview)}>
              Match {count(ready, "row")}
            </Button>
            <Button type="button" variant="outline" disabled={pending} onClick={() => setPreview(undefined)}>
              Choose another file
            </Button>
          </div>
          <BatchPreviewTable rows={preview.rows} />
        </section>
      )}
    </div>
  );
}
