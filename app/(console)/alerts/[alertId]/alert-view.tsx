"use client";

import Link from "next/link";
import { useEffect, useId, useState } from "react";
import { AlertStateBadge, CategoryList, DueBadge, TestBadge } from "@/components/alerts/alert-badges";
import { AssigneePicker } from "@/components/alerts/assignee-picker";
import { CommentField, OutcomeSelect, resolutionProblem } from "@/components/alerts/resolve-form";
import { failureText, personName, type Assignee, type TriageResult } from "@/components/alerts/triage-controls";
import { Button } from "@/components/ui/button";
import type { AlertDetail, AlertTimelineEvent } from "@/lib/alerts/alert-detail";
import { describeEvent, eventComment } from "@/lib/alerts/describe-event.shared";
import type { DueTone } from "@/lib/alerts/due-label";
import { alertOutcomeLabels, deactivationText, type AlertOutcome } from "@/lib/alerts/labels.shared";
import { transitionRefusal } from "@/lib/alerts/transitions.shared";
import type { AlertChange } from "@/lib/alerts/triage";
import { cn } from "@/lib/cn.shared";
import { isRiskMonitorId } from "@/lib/alerts/risk-monitor-id.shared";

const utc = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

/** How long "Undo" stays offered after an assignment. */
const undoMs = 8_000;

type Viewer = { id: string; email: string; name: string };
type Message = { text: string; failed: boolean; undo?: () => void };

/** A person's display name by email, for the timeline's sentences; nothing for one without a name. */
const named = (person: Assignee | null): Record<string, string> => (person?.name ? { [person.email]: person.name } : {});

/** The alert as it reads once `change` is done, shown before the server answers; its new event has a negative id. */
function guessed(alert: AlertDetail, change: AlertChange, viewer: Viewer, users: readonly Assignee[]): AlertDetail {
  const event = (kind: AlertTimelineEvent["kind"], details: Record<string, unknown>): AlertTimelineEvent[] => [
    ...alert.timeline,
    { id: -Date.now(), kind, actorEmail: viewer.email, actorName: viewer.name || null, at: new Date(), details },
  ];
  switch (change.kind) {
    case "assign": {
      const to = users.find((u) => u.id === change.assigneeId) ?? null;
      return {
        ...alert,
        assignee: to,
        people: { ...alert.people, ...named(alert.assignee), ...named(to) },
        timeline: event("assigned", { from: alert.assignee?.email ?? null, to: to?.email ?? null }),
      };
    }
    case "review":
      return { ...alert, state: "in_review", timeline: event("state_changed", { from: alert.state, to: "in_review" }) };
    case "resolve":
      return {
        ...alert,
        state: "resolved",
        outcome: change.outcome,
        resolutionComment: change.comment,
        resolvedAt: new Date(),
        resolvedBy: personName(viewer),
        timeline: event("state_changed", { from: alert.state, to: "resolved", outcome: change.outcome, comment: change.comment }),
      };
    case "comment":
      return { ...alert, timeline: event("commented", { comment: change.comment }) };
  }
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/**
 * An alert's page below its breadcrumb: what it is, its triage controls and its timeline. A change shows at once
 * (the page's guess, its new timeline event marked "saving"), then the server's answer, the alert as it is now,
 * replaces the guess; a refusal restores the alert and says why. A newer render from the server (a live event)
 * replaces both. One change at a time: the controls wait while one is on its way.
 */
export function AlertView({
  alert: rendered,
  due,
  users,
  viewer,
  canTriage,
  change: changeAlert,
  changes,
}: {
  alert: AlertDetail;
  /** How the due date reads, as of the server's render. */
  due: { text: string; tone: DueTone };
  users: readonly Assignee[];
  viewer: Viewer;
  canTriage: boolean;
  change: (input: { alertId: number; change: AlertChange }) => Promise<TriageResult<AlertDetail>>;
  /** The re-retrieval's progress, then its diff, rendered on the server; absent until one is ordered. */
  changes?: React.ReactNode;
}) {
  const id = useId();
  const [answer, setAnswer] = useState<{ base: AlertDetail; alert: AlertDetail }>();
  const current = answer?.base === rendered ? answer.alert : rendered;
  // The guess is plain state, not useOptimistic: an optimistic value lasts until every transition settles, and the
  // live refresh this very change sets off is one, so the server's answer would wait for a whole page render.
  const [guess, setGuess] = useState<AlertChange>();
  const alert = guess ? guessed(current, guess, viewer, users) : current;
  const pending = guess !== undefined;
  const [message, setMessage] = useState<Message>();
  const [comment, setComment] = useState("");
  const [outcome, setOutcome] = useState<AlertOutcome | "">("");
  const [problem, setProblem] = useState<string>();

  // An offer to undo lasts a few seconds.
  useEffect(() => {
    if (!message?.undo) return;
    const timer = setTimeout(() => setMessage(undefined), undoMs);
    return () => clearTimeout(timer);
  }, [message]);

  const run = async (change: AlertChange, done: (now: AlertDetail) => Message | undefined, refused?: () => void) => {
    setGuess(change);
    setMessage(undefined);
    const result = await changeAlert({ alertId: rendered.id, change }).catch(() => undefined);
    setGuess(undefined);
    if (!result?.ok) {
      refused?.();
      setMessage({
        text: result ? failureText(result) : "The console did not answer: the change may not have been saved. Reload the page to see.",
        failed: true,
      });
      return;
    }
    setAnswer({ base: rendered, alert: result.data });
    setMessage(done(result.data));
  };

  const assign = (assigneeId: string | null) => {
    const previous = alert.assignee?.id ?? null;
    void run({ kind: "assign", assigneeId }, (now) => ({
      text: now.assignee ? `Assigned to ${personName(now.assignee)}.` : "Unassigned.",
      failed: false,
      undo: () => assign(previous),
    }));
  };

  const send = (resolve: boolean) => {
    const why = resolve ? resolutionProblem(outcome, comment) : comment.trim() ? undefined : "Write a comment.";
    setProblem(why);
    if (why) return;
    const sent = { comment, outcome };
    setComment("");
    setOutcome("");
    // A refusal gives the words back: nothing typed is lost.
    const restore = () => {
      setComment(sent.comment);
      setOutcome(sent.outcome);
    };
    if (resolve && sent.outcome) void run({ kind: "resolve", outcome: sent.outcome, comment: sent.comment }, () => undefined, restore);
    else void run({ kind: "comment", comment: sent.comment }, () => undefined, restore);
  };

  const open = alert.state !== "resolved";
  // A risk alert has no monitor behind it: no monitor page, no notifications, nothing to order again.
  const risk = isRiskMonitorId(alert.monitorId);
  const company = alert.companyName ?? alert.companyId;
  return (
    <>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{company}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <AlertStateBadge state={alert.state} />
          {alert.isTest && <TestBadge />}
          <span>
            {alert.countryCode} · {alert.companyId}
          </span>
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
        {risk ? (
          <Fact term="Raised by">
            The risk rating ·{" "}
            <Link
              href={`/companies/${encodeURIComponent(alert.countryCode)}/${encodeURIComponent(alert.companyId)}`}
              className="text-primary underline underline-offset-4"
            >
              company file
            </Link>
          </Fact>
        ) : (
          <Fact term="Monitor">
            <Link href={`/monitors/${encodeURIComponent(alert.monitorId)}`} className="text-primary underline underline-offset-4">
              {alert.monitorId}
            </Link>
            {alert.caseReference && <span className="text-muted-foreground"> · case {alert.caseReference}</span>}
          </Fact>
        )}
        <Fact term="Categories">
          <CategoryList categories={alert.categories} />
        </Fact>
        <Fact term="Assignee">
          <span data-testid="alert-assignee">{alert.assignee ? personName(alert.assignee) : "Unassigned"}</span>
        </Fact>
        <Fact term="Due">{open ? <DueBadge due={due} /> : utc(alert.dueAt)}</Fact>
        <Fact term="Opened">{utc(alert.openedAt)}</Fact>
        {alert.outcome && (
          <Fact term="Outcome">
            {alertOutcomeLabels[alert.outcome]}
            {alert.resolvedBy && ` by ${alert.resolvedBy}`}
            {alert.resolvedAt && `, ${utc(alert.resolvedAt)}`}
          </Fact>
        )}
      </dl>
      {alert.resolutionComment && <p className="whitespace-pre-wrap rounded-md bg-muted px-4 py-2 text-sm">{alert.resolutionComment}</p>}
      {!risk && (
        <Button asChild>
          <Link href={`/alerts/${alert.id}/changes`}>See what changed</Link>
        </Button>
      )}
      {changes}
      {canTriage && (
        <section aria-label="Triage" className="space-y-4 rounded-md border p-4">
          {open && (
            <div className="flex flex-wrap items-end gap-4">
              <AssigneePicker
                users={users}
                viewerId={viewer.id}
                current={alert.assignee?.id ?? null}
                disabled={pending}
                label="Assignee"
                onAssign={assign}
              />
              {alert.assignee?.id !== viewer.id && users.some((u) => u.id === viewer.id) && (
                <Button variant="outline" disabled={pending} onClick={() => assign(viewer.id)}>
                  Assign to me
                </Button>
              )}
              {!transitionRefusal(alert.state, "in_review") && (
                <Button variant="outline" disabled={pending} onClick={() => void run({ kind: "review" }, () => undefined)}>
                  Move to in review
                </Button>
              )}
            </div>
          )}
          <form
            className="space-y-2"
            aria-label="Comment"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send(false);
            }}
          >
            <CommentField
              id={`${id}-comment`}
              label="Comment"
              labelClassName="text-sm font-medium"
              value={comment}
              onChange={setComment}
              invalid={problem !== undefined && !comment.trim()}
              describedBy={problem ? `${id}-problem` : undefined}
            />
            <div className="flex flex-wrap items-end gap-3">
              <Button type="submit" variant="outline" disabled={pending}>
                Comment
              </Button>
              {open && (
                <>
                  <div className="flex flex-col gap-1 text-sm">
                    <label htmlFor={`${id}-outcome`}>Outcome</label>
                    <OutcomeSelect id={`${id}-outcome`} value={outcome} onChange={setOutcome} invalid={problem !== undefined && !outcome} />
                  </div>
                  <Button type="button" disabled={pending} onClick={() => send(true)}>
                    Comment &amp; resolve
                  </Button>
                </>
              )}
            </div>
            {problem && (
              <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
          </form>
          {message && (
            <p
              role={message.failed ? "alert" : "status"}
              className={cn("flex items-center gap-2 text-sm", message.failed && "text-destructive")}
            >
              {message.text}
              {message.undo && (
                <Button
                  variant="link"
                  className="h-auto p-0"
                  onClick={() => {
                    const undo = message.undo!;
                    setMessage(undefined);
                    undo();
                  }}
                >
                  Undo
                </Button>
              )}
            </p>
          )}
        </section>
      )}
      {!risk && (
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
      )}
      <section aria-labelledby="timeline-heading" className="space-y-2">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Timeline
        </h2>
        <ol className="space-y-3 border-l pl-4" data-testid="alert-timeline">
          {alert.timeline.map((event) => {
            const text = eventComment(event.details);
            const saving = event.id < 0;
            return (
              <li key={event.id} data-event-kind={event.kind} aria-busy={saving || undefined} className={cn(saving && "opacity-70")}>
                <p className="text-sm">
                  <span className="font-medium">{describeEvent(event.kind, event.details, alert.people)}</span>{" "}
                  <span className="text-muted-foreground">
                    by {event.actorName ?? event.actorEmail ?? "the registry"}, {saving ? "saving…" : utc(event.at)}
                  </span>
                </p>
                {text && <p className="whitespace-pre-wrap text-sm text-muted-foreground">{text}</p>}
              </li>
            );
          })}
        </ol>
      </section>
    </>
  );
}
