"use client";

import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";

/**
 * The file picker of a CSV import, with its help below it: each choice is handed over once read from the picker,
 * and the picker is emptied, so choosing the same file again (a re-run after a fix) reads it again.
 */
export function CsvFileInput({
  id,
  disabled,
  onFile,
  children,
}: {
  id: string;
  disabled: boolean;
  onFile: (file: File) => void;
  /** The help: what the file holds, its limits, what happens next. */
  children: ReactNode;
}) {
  return (
    <>
      <Label htmlFor={id}>CSV file</Label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv,text/plain"
        aria-describedby={`${id}-help`}
        disabled={disabled}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onFile(file);
        }}
      />
      <div id={`${id}-help`} className="space-y-1 text-sm text-muted-foreground">
        {children}
      </div>
    </>
  );
}
