"use client";

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
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ComparisonRow } from "@/lib/billing/override-comparison.shared";
import { highUsageSettings, ResolvedSettingWords, SettingLabel } from "./high-usage-setting";

type Props = {
  workspaceName: string;
  /** Open while set: each setting before and after, as the registry will apply them. */
  rows?: ComparisonRow[];
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before saving an override, with the effective value of each setting before and after. */
export function OverrideConfirmDialog({ workspaceName, rows, onConfirm, onCancel }: Props) {
  return (
    <AlertDialog open={Boolean(rows)} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent className="max-w-3xl">
        <AlertDialogHeader>
          <AlertDialogTitle>Save the high-usage override of {workspaceName}?</AlertDialogTitle>
          <AlertDialogDescription>
            Each setting before and after, as the registry will apply them: settings left to inherit take the account&apos;s value. The
            override replaces the current one as a whole.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <Table aria-label="Before and after">
          <TableHeader>
            <TableRow>
              <TableHead>Setting</TableHead>
              <TableHead>Before</TableHead>
              <TableHead>After</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows?.map((row) => (
              <TableRow key={row.field} data-setting={row.field} data-changed={row.changed ?? "unknown"}>
                <TableCell className="align-top font-medium">
                  <SettingLabel {...highUsageSettings[row.field]} />
                </TableCell>
                <TableCell className="align-top">
                  {row.before ? <ResolvedSettingWords setting={row.before} /> : "cannot be read from this registry"}
                </TableCell>
                <TableCell className={row.changed === false ? "align-top" : "align-top font-medium"}>
                  <ResolvedSettingWords setting={row.after} />
                  {row.changed === false && <span className="text-muted-foreground"> (unchanged)</span>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep editing</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Save override</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
