import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AlertStateBadge, CategoryList, DueBadge, TestBadge } from "@/components/alerts/alert-badges";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { Button } from "@/components/ui/button";
import { alertDetail } from "@/lib/alerts/alert-detail";
import { describeEvent, eventComment } from "@/lib/alerts/describe-event";
import { dueLabel } from "@/lib/alerts/due-label";
import { alertOutcomeLabels, deactivationText } from "@/lib/alerts/labels";
import { assignableUsers } from "@/lib/alerts/triage";
import { can } from "@/lib/auth/capabilities";
import { guardPage } from "@/lib/auth/guard-page";
import { liveTopics } from "@/lib/live/topics";
import { assignAlertsAction, commentAlertAction, resolveAlertsAction, reviewAlertsAction } from "../actions";
import { AlertTriage } from "./alert-triage";

export const metadata: Metadata = { title: "Alert" };

const utc = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

export default async function AlertPage({ params }: PageProps<"/alerts/[alertId]">) {
  const user = await guardPage("readAlerts");
  const { alertId: raw } = await params;
  const alertId = /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
  const alert = alertId ? await alertDetail(alertId) : undefined;
  if (!alert) notFound();
  const canTriage = can(user.role, "triageAlerts");
  const users = canTriage ? await assignableUsers() : [];
  const company = alert.companyName ?? alert.companyId;

  return (
    <div className="space-y-6">
      <RefreshOnLive topic={liveTopics.alert(alert.id)} />
      <div className="space-y-2">
        <p className="text-sm">
          <Link href="/alerts" className="text-primary underline underline-offset-4">
            Alerts
          </Link>{" "}
          / alert {alert.id}
        </p>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold [overflow-wrap:anywhere]">
          {company} <AlertStateBadge state={alert.state} />
          {alert.isTest && <TestBadge />}
        </h1>
        <p className="text-sm text-muted-foreground">
          {alert.countryCode} · {alert.companyId}
        </p>
      </div>
      {alert.isTest && (
        <p className="rounded-md border border-dashed px-4 py-2 text-sm">
          This alert comes from a test notification asked for from this console: nothing changed at the company.
        </p>
      )}
      {alert.deactivation && (
        <p role="note" className="rounded-md border border-destructive px-4 py-2 text-sm font-medium text-destructive">
          {deactivationText(alert.categories)}
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Monitor">
          <Link href={`/monitors/${encodeURIComponent(alert.monitorId)}`} className="text-primary underline underline-offset-4">
            {alert.monitorId}
          </Link>
          {alert.caseReference && <span className="text-muted-foreground"> · case {alert.caseReference}</span>}
        </Fact>
        <Fact term="Categories">
          <CategoryList categories={alert.categories} />
        </Fact>
        <Fact term="Assignee">{alert.assignee?.email ?? "Unassigned"}</Fact>
        <Fact term="Due">{alert.state === "resolved" ? utc(alert.dueAt) : <DueBadge due={dueLabel(alert.dueAt, new Date())} />}</Fact>
        <Fact term="Opened">{utc(alert.openedAt)}</Fact>
        {alert.outcome && (
          <Fact term="Outcome">
            {alertOutcomeLabels[alert.outcome]}
            {alert.resolvedByEmail && ` by ${alert.resolvedByEmail}`}
            {alert.resolvedAt && `, ${utc(alert.resolvedAt)}`}
          </Fact>
        )}
      </dl>
      {alert.resolutionComment && <p className="whitespace-pre-wrap rounded-md bg-muted px-4 py-2 text-sm">{alert.resolutionComment}</p>}
      <Button asChild>
        <Link href={`/alerts/${alert.id}/changes`}>See what changed</Link>
      </Button>
      {canTriage && (
        <AlertTriage
          alertId={alert.id}
          state={alert.state}
          assigneeId={alert.assignee?.id ?? null}
          users={users}
          viewerId={user.id}
          actions={{ assign: assignAlertsAction, review: reviewAlertsAction, resolve: resolveAlertsAction, comment: commentAlertAction }}
        />
      )}
      <section aria-labelledby="notifications-heading" className="space-y-2">
        <h2 id="notifications-heading" className="text-lg font-semibold">
          Notifications ({alert.notifications.length})
        </h2>
        <ul className="space-y-1 text-sm">
          {alert.notifications.map((n) => (
            <li key={n.id} className="flex flex-wrap items-center gap-2">
              <span className="tabular-nums">{utc(n.receivedAt)}</span>
              <CategoryList categories={n.categories} />
              {n.isTest && <TestBadge />}
              {n.deactivated && <span className="text-destructive">monitor deactivated</span>}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="timeline-heading" className="space-y-2">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Timeline
        </h2>
        <ol className="space-y-3 border-l pl-4" data-testid="alert-timeline">
          {alert.timeline.map((event) => {
            const comment = eventComment(event.details);
            return (
              <li key={event.id} data-event-kind={event.kind}>
                <p className="text-sm">
                  <span className="font-medium">{describeEvent(event.kind, event.details)}</span>{" "}
                  <span className="text-muted-foreground">
                    by {event.actorEmail ?? "the registry"}, {utc(event.at)}
                  </span>
                </p>
                {comment && <p className="whitespace-pre-wrap text-sm text-muted-foreground">{comment}</p>}
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
