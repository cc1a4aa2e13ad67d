import type { Metadata } from "next";
import Link from "next/link";
import { DualControlSetting } from "@/components/dual-control/dual-control-setting";
import { HandOverProvider } from "@/components/dual-control/hand-over";
import { PendingChangeActions } from "@/components/dual-control/pending-change-actions";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { Badge } from "@/components/ui/badge";
import { TableScrollBox } from "@/components/ui/table-scroll-box";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TechnicalDetails } from "@/components/ui/technical-details";
import { guardPage } from "@/lib/auth/guard-page";
import { listConnections } from "@/lib/connections/manage-connections";
import { describeChange, expiresIn } from "@/lib/dual-control/change-words";
import { dualControlMode } from "@/lib/dual-control/dual-control-mode";
import { listChanges, type PendingChangeView } from "@/lib/dual-control/pending-changes";
import { approvableHere, approvalElsewhere } from "@/lib/approvals/performers";
import { liveTopics } from "@/lib/live/topics.shared";
import { modelPublicationLines } from "@/lib/risk/model-changes.shared";
import { publicationBase } from "@/lib/risk/publish-model";
import { markedLabel, words } from "@/lib/vocabulary/words.shared";
import { approveChangeAction, rejectChangeAction, setDualControlAction } from "./actions";
import { utcMinute } from "@/lib/vocabulary/units.shared";

export const metadata: Metadata = { title: "Approvals" };

const historySize = 50;

const when = (iso: string) => utcMinute(new Date(iso));

/** How a decided change ended, in words: the rejection's comment or the refusal that made it fail. */
function outcomeWords(change: PendingChangeView): string {
  const outcome = change.outcome ?? {};
  if (change.state === "rejected") return `Rejected: ${String(outcome.comment ?? "")}`;
  if (change.state === "failed") return `Failed: ${String(outcome.code ?? "")}: ${String(outcome.error ?? "")}`;
  if (change.state === "expired") return "Expired: no second admin decided within 24 hours.";
  return "Approved and performed.";
}

const stateVariant = { approved: "success", rejected: "secondary", expired: "outline", failed: "destructive", pending: "warning" } as const;

/**
 * Dual control for admins: its setting, the changes waiting for a second admin (approve or reject, never your own),
 * and the last decided ones. Re-rendered on each event of the `pending-changes` topic.
 */
export default async function ApprovalsPage() {
  const user = await guardPage("decideChanges");
  const [mode, pending, history, connections] = await Promise.all([
    dualControlMode(),
    listChanges({ states: ["pending"] }),
    listChanges({ states: ["approved", "rejected", "expired", "failed"], limit: historySize }),
    listConnections(),
  ]);
  const connectionName = new Map(connections.map((c) => [c.id, c.name]));
  // A risk model publication is shown against the version it was edited from.
  const riskBases = new Map(
    await Promise.all(
      pending.filter((c) => c.kind === "risk_model_publish").map(async (c) => [c.id, await publicationBase(c.details)] as const),
    ),
  );
  const now = new Date();

  return (
    <div className="space-y-8">
      <RefreshOnLive topic={liveTopics.pendingChanges} />
      <div>
        <h1 className="text-2xl font-semibold">Approvals</h1>
        <p className="text-sm text-muted-foreground">
          Sensitive changes (UBO access, deleting a workspace, replacing vault credentials, registry connections, publishing a risk model,
          and every change that affects an admin: creating, promoting, demoting, deactivating or reactivating one, or resetting their
          password) need a second admin. A different admin approves or rejects each within 24 hours; on approval the server performs it
          under the approver&apos;s session, and the audit row names both. Only an admin who has held their role and their current password
          since before a change was asked for can approve it.
        </p>
      </div>

      <section aria-labelledby="setting-heading" className="space-y-2">
        <h2 id="setting-heading" className="text-lg font-semibold">
          Dual control
        </h2>
        <DualControlSetting mode={mode} offPending={pending.some((c) => c.kind === "dual_control_off")} set={setDualControlAction} />
      </section>

      <HandOverProvider>
        <section aria-labelledby="pending-heading" className="space-y-3">
          <h2 id="pending-heading" className="text-lg font-semibold">
            Waiting for a second admin
          </h2>
          {pending.length === 0 ? (
            <p className="text-sm text-muted-foreground">No change is waiting.</p>
          ) : (
            <ul className="space-y-3">
              {pending.map((change) => {
                const { what, lines } = describeChange(change, (details) => modelPublicationLines(details, riskBases.get(change.id)));
                const elsewhere = approvalElsewhere(change);
                return (
                  <li key={change.id} className="space-y-2 rounded-md border p-4" data-change-id={change.id}>
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{what}</span>
                      <Badge variant="warning">{expiresIn(change.expiresAt, now)}</Badge>
                    </div>
                    {lines.map((line) => (
                      <p key={line} className="text-sm">
                        {line}
                      </p>
                    ))}
                    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                      {change.connectionId && (
                        <>
                          <dt className="text-muted-foreground">Connection</dt>
                          <dd>{connectionName.get(change.connectionId) ?? "removed"}</dd>
                        </>
                      )}
                      <dt className="text-muted-foreground">Asked by</dt>
                      <dd>
                        {change.requestedByEmail}, <time dateTime={change.requestedAt}>{when(change.requestedAt)}</time>
                      </dd>
                      <dt className="text-muted-foreground">Why</dt>
                      <dd className="whitespace-pre-wrap">{change.reason}</dd>
                    </dl>
                    {change.kind === "risk_model_publish" && (
                      <TechnicalDetails>
                        <pre className="whitespace-pre-wrap">{JSON.stringify(change.details, null, 2)}</pre>
                      </TechnicalDetails>
                    )}
                    {change.requestedBy === user.id ? (
                      <p className="text-sm text-muted-foreground">You asked for this change: another admin decides it.</p>
                    ) : approvableHere(change.kind) ? (
                      <PendingChangeActions id={change.id} what={what} approve={approveChangeAction} reject={rejectChangeAction} />
                    ) : elsewhere ? (
                      <div className="flex flex-wrap items-center gap-3 text-sm">
                        <Link href={elsewhere.href} className="text-primary underline underline-offset-2">
                          {elsewhere.label}
                        </Link>
                        <span className="text-muted-foreground">(its values are typed again there; they never wait here)</span>
                        <PendingChangeActions id={change.id} what={what} reject={rejectChangeAction} />
                      </div>
                    ) : (
                      <p className="text-sm text-muted-foreground">This console cannot perform this kind of change yet.</p>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </HandOverProvider>

      <section aria-labelledby="history-heading" className="space-y-3">
        <h2 id="history-heading" className="text-lg font-semibold">
          Decided, expired and failed (last {historySize})
        </h2>
        {history.length === 0 ? (
          <p className="text-sm text-muted-foreground">No change has been decided yet.</p>
        ) : (
          <TableScrollBox label="Decided changes">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Change</TableHead>
                  <TableHead>Asked by</TableHead>
                  <TableHead>Decided by</TableHead>
                  <TableHead>Outcome</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {history.map((change) => (
                  <TableRow key={change.id} data-change-id={change.id}>
                    <TableCell>{describeChange(change).what}</TableCell>
                    <TableCell>
                      {change.requestedByEmail}
                      <span className="block text-xs text-muted-foreground">{when(change.requestedAt)}</span>
                    </TableCell>
                    <TableCell>
                      {change.decidedByEmail ?? <span className="text-muted-foreground">nobody</span>}
                      {change.decidedAt && <span className="block text-xs text-muted-foreground">{when(change.decidedAt)}</span>}
                    </TableCell>
                    <TableCell>
                      <Badge variant={stateVariant[change.state]} title={words("pendingChangeState", change.state).explanation}>
                        {markedLabel("pendingChangeState", change.state)}
                      </Badge>
                      <span className="block text-sm">{outcomeWords(change)}</span>
                    </TableCell>
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
