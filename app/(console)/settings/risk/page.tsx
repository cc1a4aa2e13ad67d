import type { Metadata } from "next";
import Link from "next/link";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { utcMinute } from "@/lib/vocabulary/units.shared";
import { TableScrollBox } from "@/components/ui/table-scroll-box";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { guardPage } from "@/lib/auth/guard-page";
import { listChanges } from "@/lib/dual-control/pending-changes";
import { liveTopics } from "@/lib/live/topics.shared";
import { defaultModelPublisher, inForceOf, listModelVersions, modelOf } from "@/lib/risk/risk-model-versions";
import { previewRiskModelAction, publishRiskModelAction } from "./actions";
import { RiskModelForm } from "./risk-model-form";

export const metadata: Metadata = { title: "Risk model" };

const when = (at: Date | string) => utcMinute(new Date(at));

/**
 * Settings → Risk (admins, `manageRisk`): the version of the risk model in force and the earlier ones, a form to edit
 * the next version with a preview of the ratings it would change, and "Ask to publish", a dual-controlled change.
 * Re-rendered when a pending change is asked for or decided, so an approval shows the new version here.
 */
export default async function RiskSettingsPage() {
  await guardPage("manageRisk");
  const [versions, [waiting]] = await Promise.all([
    listModelVersions(20),
    listChanges({ states: ["pending"], kind: "risk_model_publish", limit: 1 }),
  ]);
  const inForce = inForceOf(versions[0]);
  const current = inForce.version === null ? undefined : inForce.published;

  return (
    <div className="max-w-5xl space-y-8">
      <RefreshOnLive topic={liveTopics.pendingChanges} />
      <div>
        <h1 className="text-2xl font-semibold">Risk model</h1>
        <p className="text-sm text-muted-foreground">
          The rules that rate each company in the portfolio: each gives points, and the thresholds turn the score into a rating. A new
          version is published with a second admin&apos;s approval (dual control); every company is then re-rated in the background, and
          each rating keeps the version that made it.
        </p>
      </div>

      <section aria-labelledby="in-force-heading" className="space-y-2">
        <h2 id="in-force-heading" className="text-lg font-semibold">
          In force
        </h2>
        {current ? (
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid="model-in-force">
            <dt className="text-muted-foreground">Version</dt>
            <dd>Version {current.version}</dd>
            <dt className="text-muted-foreground">Published by</dt>
            <dd>{current.publishedByEmail}</dd>
            <dt className="text-muted-foreground">Approved by</dt>
            <dd>
              {current.approvedByEmail ??
                (current.publishedByEmail === defaultModelPublisher
                  ? "nobody: the default model, stored when companies were first rated"
                  : "nobody: dual control did not apply")}
            </dd>
            <dt className="text-muted-foreground">When</dt>
            <dd>
              <time dateTime={current.publishedAt.toISOString()}>{when(current.publishedAt)}</time>
            </dd>
            <dt className="text-muted-foreground">Why</dt>
            <dd className="whitespace-pre-wrap">{current.note}</dd>
          </dl>
        ) : (
          <p className="text-sm" data-testid="model-in-force">
            The default model, not published yet. Publishing a version makes it version 1.
          </p>
        )}
        {waiting && (
          <p className="rounded-md border border-warning p-3 text-sm" role="note">
            A new version asked for by {waiting.requestedByEmail} at {when(waiting.requestedAt)} is waiting for a second admin on{" "}
            <Link href="/settings/approvals" className="text-primary underline underline-offset-2">
              Settings → Approvals
            </Link>
            . Another can be asked for once it is decided.
          </p>
        )}
      </section>

      <RiskModelForm
        key={inForce.version ?? 0}
        model={modelOf(inForce)}
        baseVersion={inForce.version}
        preview={previewRiskModelAction}
        publish={publishRiskModelAction}
      />

      <section aria-labelledby="versions-heading" className="space-y-3">
        <h2 id="versions-heading" className="text-lg font-semibold">
          Published versions
        </h2>
        {versions.length === 0 ? (
          <p className="text-sm text-muted-foreground">None yet: the default model is in force.</p>
        ) : (
          <TableScrollBox label="Published versions">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Version</TableHead>
                  <TableHead>Published by</TableHead>
                  <TableHead>Approved by</TableHead>
                  <TableHead>When</TableHead>
                  <TableHead>Why</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {versions.map((version) => (
                  <TableRow key={version.version} data-version={version.version}>
                    <TableCell>{version.version}</TableCell>
                    <TableCell>{version.publishedByEmail}</TableCell>
                    <TableCell>{version.approvedByEmail ?? "nobody"}</TableCell>
                    <TableCell>{when(version.publishedAt)}</TableCell>
                    <TableCell className="max-w-sm whitespace-pre-wrap">{version.note}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScrollBox>
        )}
      </section>
    </div>
  );
}
