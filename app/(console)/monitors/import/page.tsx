import type { Metadata } from "next";
import { Suspense } from "react";
import { CoverageGapsPanel } from "@/components/monitors/coverage-gaps-panel";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { registryFor } from "@/lib/connections/registry-for";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import { ImportForm } from "./import-form";
import { ErrorWords } from "@/components/connections/error-words";

export const metadata: Metadata = { title: "Import monitors" };

/** The connection the import goes through, or what stops it (no connection, an unreadable key), in its words. */
async function openRegistry() {
  try {
    return { registry: await registryFor() };
  } catch (error) {
    if (error instanceof RegistryError) return { error: error.toInfo() };
    throw error;
  }
}

export default async function ImportMonitorsPage() {
  const user = await guardPage("manageMonitors");
  const opened = await openRegistry();
  return (
    <div className="max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Import monitors</h1>
        <p className="text-sm text-muted-foreground">
          Start monitoring many companies at once from a CSV file, through the active connection
          {opened.registry && <> ({opened.registry.connection.name})</>}. Each monitor is recorded with you as its starter and its case
          reference.{" "}
          <a href="/api/monitors/export" download className="text-primary underline underline-offset-4">
            Export the current monitors as CSV
          </a>
        </p>
      </div>
      {opened.error && (
        <p role="alert" className="rounded-md border border-destructive/40 px-4 py-2 text-sm text-destructive">
          <ErrorWords error={opened.error} />
        </p>
      )}
      <ImportForm />
      {opened.registry && (
        <Suspense fallback={<p className="text-sm text-muted-foreground">Reading coverage gaps…</p>}>
          <CoverageGapsPanel registry={opened.registry} canSupply={can(user.role, "manageVault")} />
        </Suspense>
      )}
    </div>
  );
}
