"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TechnicalDetails } from "@/components/ui/technical-details";
import type { ActionResult } from "@/lib/forms/action-result";
import type { JobState } from "@/lib/jobs/job-overview";
import { label } from "@/lib/vocabulary/words.shared";

/** One job as the queue's tables show it, in words (the page computes them). */
export type JobRow = {
  id: string;
  queue: string;
  queueName: string;
  state: JobState;
  attempts: string;
  when: string;
  /** The batch the job drives (a link to its page), or why there is none. */
  drives: { href: string; text: string } | { text: string };
  reason: string | null;
  technical: string | null;
};

export type JobList = { title: string; description: string; empty: string; rows: JobRow[] };

type JobAction = (input: { jobId: string }) => Promise<ActionResult>;

const retryable: readonly JobState[] = ["failed", "cancelled"];
const cancellable: readonly JobState[] = ["created", "retry", "active"];

const stateVariant: Record<JobState, "success" | "secondary" | "outline" | "destructive" | "warning"> = {
  created: "outline",
  retry: "warning",
  active: "secondary",
  completed: "success",
  cancelled: "outline",
  failed: "destructive",
};

/** A click's guess, shown until the server's next render of the lists (`base`) replaces it, or withdrawn on refusal. */
type Guess = { base: readonly JobList[]; states: ReadonlyMap<string, JobState> };

/**
 * The queue's lists (running, waiting, failed, cancelled, retried) with Retry and Cancel. A click shows the job's new
 * state at once; a refusal puts it back and says why; an accepted change re-renders the page from the server.
 */
export function JobsQueue({ lists, retry, cancel }: { lists: JobList[]; retry: JobAction; cancel: JobAction }) {
  const router = useRouter();
  const [guess, setGuess] = useState<Guess>();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<{ jobId: string; text: string; failed: boolean }>();
  const guessed = guess?.base === lists ? guess.states : undefined;

  const run = async (job: JobRow, next: JobState, call: JobAction, verb: string) => {
    setGuess((current) => ({
      base: lists,
      states: new Map([...(current?.base === lists ? current.states : []), [job.id, next]]),
    }));
    setPending((current) => new Set([...current, job.id]));
    setMessage(undefined);
    const result = await call({ jobId: job.id }).catch(() => undefined);
    setPending((current) => new Set([...current].filter((id) => id !== job.id)));
    if (!result?.ok) {
      setGuess((current) => {
        if (!current) return current;
        const states = new Map(current.states);
        states.delete(job.id);
        return { ...current, states };
      });
      setMessage({
        jobId: job.id,
        text: `Not ${verb}: ${result ? result.error : "the console did not answer. Refresh to see the job's state."}`,
        failed: true,
      });
      return;
    }
    setMessage({ jobId: job.id, text: `${verb[0]!.toUpperCase()}${verb.slice(1)}.`, failed: false });
    router.refresh();
  };

  return (
    <div className="space-y-8">
      {message?.failed && <FormError message={message.text} />}
      {message && !message.failed && (
        <p role="status" className="text-sm">
          {message.text}
        </p>
      )}
      {lists.map((list, index) => (
        <section key={list.title} className="space-y-2" aria-labelledby={`job-list-${index}`}>
          <h2 id={`job-list-${index}`} className="text-lg font-semibold">
            {list.title}
          </h2>
          <p className="text-sm text-muted-foreground">{list.description}</p>
          {list.rows.length === 0 ? (
            <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">{list.empty}</p>
          ) : (
            <Table stacked aria-label={list.title}>
              <TableHeader>
                <TableRow>
                  <TableHead>Job</TableHead>
                  <TableHead>Drives</TableHead>
                  <TableHead>State</TableHead>
                  <TableHead>When</TableHead>
                  <TableHead>Why it failed</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.rows.map((job) => {
                  const state = guessed?.get(job.id) ?? job.state;
                  const busy = pending.has(job.id) || guessed?.has(job.id) === true;
                  return (
                    <TableRow key={job.id} data-job-id={job.id} data-job-state={state}>
                      <TableCell data-label="Job">
                        <div>{job.queue}</div>
                        <div className="text-xs text-muted-foreground">{job.attempts}</div>
                        <TechnicalDetails>
                          {job.queueName} {job.id}
                        </TechnicalDetails>
                      </TableCell>
                      <TableCell data-label="Drives">
                        {"href" in job.drives ? (
                          <Link href={job.drives.href} className="text-primary underline-offset-4 hover:underline">
                            {job.drives.text}
                          </Link>
                        ) : (
                          job.drives.text
                        )}
                      </TableCell>
                      <TableCell data-label="State">
                        <Badge variant={stateVariant[state]}>{label("jobState", state)}</Badge>
                      </TableCell>
                      <TableCell data-label="When" className="whitespace-nowrap">
                        {job.when}
                      </TableCell>
                      <TableCell data-label="Why it failed" className="max-w-sm">
                        {job.reason ?? <span className="text-muted-foreground">—</span>}
                        {job.technical && <TechnicalDetails>{job.technical}</TechnicalDetails>}
                      </TableCell>
                      <TableCell data-label="Actions" className="whitespace-nowrap">
                        {retryable.includes(state) && (
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={busy}
                            onClick={() => void run(job, "retry", retry, "retried")}
                            aria-label={`Retry ${job.queue}: ${job.drives.text}`}
                          >
                            Retry
                          </Button>
                        )}
                        {cancellable.includes(state) && (
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={busy}
                            onClick={() => void run(job, "cancelled", cancel, "cancelled")}
                            aria-label={`Cancel ${job.queue}: ${job.drives.text}`}
                          >
                            Cancel
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </section>
      ))}
    </div>
  );
}
