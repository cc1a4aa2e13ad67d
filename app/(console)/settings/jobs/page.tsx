import type { Metadata } from "next";
import { RefreshOnLive } from "@/components/live/refresh-on-live";

import { guardPage } from "@/lib/auth/guard-page";
import { maxBatchConcurrency } from "@/lib/batches/batch-control";
import { readBatchPaces } from "@/lib/batches/batch-pace-settings-store";
import { defaultOrdersPerMinute, paceWords } from "@/lib/batches/batch-pace-settings.shared";
import { jobKeptHours, jobOverview, jobStates, type JobView } from "@/lib/jobs/job-overview";
import { liveTopics } from "@/lib/live/topics.shared";
import { count, utcMinute } from "@/lib/vocabulary/units.shared";
import { label } from "@/lib/vocabulary/words.shared";
import { cancelJobAction, retryJobAction, saveBatchPaceAction } from "./actions";
import { JobsQueue, type JobList, type JobRow } from "./jobs-queue";
import { PaceSettings } from "./pace-settings";
import { RefreshButton } from "./refresh-button";

export const metadata: Metadata = { title: "Jobs" };

/** When the job did what its list is about, in words. */
function when(job: JobView): string {
  if (job.state === "active" && job.startedAt) return `Started ${utcMinute(job.startedAt)}`;
  if (job.state === "created" || job.state === "retry") {
    return job.startAfter.getTime() > Date.now() ? `Runs after ${utcMinute(job.startAfter)}` : `Queued ${utcMinute(job.createdAt)}`;
  }
  if (job.completedAt) return `${label("jobState", job.state)} ${utcMinute(job.completedAt)}`;
  return `Queued ${utcMinute(job.createdAt)}`;
}

function drives(job: JobView): JobRow["drives"] {
  if (job.batch) {
    const what = job.batch.fileName ? `“${job.batch.fileName}”` : count(job.batch.rows, "company", "companies");
    return {
      href: `/portfolio/batches/${job.batch.id}`,
      text: `${label("batchKind", job.batch.kind)} ${what} (${label("batchStatus", job.batch.status).toLowerCase()})`,
    };
  }
  if (job.batchId) return { text: "A batch that is not stored (deleted, or never was)" };
  return { text: "No batch" };
}

const row = (job: JobView): JobRow => ({
  id: job.id,
  queue: label("jobQueue", job.queue),
  queueName: job.queue,
  state: job.state,
  attempts: `Attempt ${job.retryCount + 1} of ${job.retryLimit + 1}`,
  when: when(job),
  drives: drives(job),
  reason: job.reason,
  technical: job.technical,
});

export default async function JobsPage() {
  await guardPage("manageJobs");
  const [overview, paces] = await Promise.all([jobOverview(), readBatchPaces()]);
  const readAt = new Date().toISOString().slice(11, 19);

  const lists: JobList[] = [
    {
      title: "Running",
      description: "Jobs an app instance is working on now. Cancelling one lets its current step finish; nothing more follows from it.",
      empty: "No job is running.",
      rows: overview.running.map(row),
    },
    {
      title: "Waiting",
      description: "Jobs queued to run, and failed ones waiting out their pause before the queue retries them by itself.",
      empty: "No job is waiting.",
      rows: overview.waiting.map(row),
    },
    {
      title: "Failed",
      description: "Jobs that failed every attempt, with why. Retrying one runs it again now, once more.",
      empty: "No job has failed.",
      rows: overview.failed.map(row),
    },
    {
      title: "Cancelled",
      description: "Jobs cancelled by a person. Retrying one puts it back in the queue.",
      empty: "No job was cancelled.",
      rows: overview.cancelled.map(row),
    },
    {
      title: "Recently retried",
      description: "Jobs that failed at least once and were tried again, by the queue or by an admin, the latest first.",
      empty: "No job has been retried.",
      rows: overview.retried.map(row),
    },
  ];

  return (
    <div className="space-y-8">
      {/* The page reads again when an admin retries, cancels or sets a pace, and when a batch moves on. */}
      <RefreshOnLive topic={liveTopics.jobs} />
      <RefreshOnLive topic={liveTopics.batches} />
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Jobs</h1>
        <p className="text-sm text-muted-foreground">
          Batch work runs as jobs in a queue kept in the console&apos;s database, so every app instance takes its share and a job outlives a
          restart. Completed and failed jobs are listed for {jobKeptHours} hours, then archived.
        </p>
        <RefreshButton readAt={`${readAt} UTC`} />
      </div>

      <section aria-labelledby="job-counts" className="space-y-2">
        <h2 id="job-counts" className="text-lg font-semibold">
          In the queue
        </h2>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="job-counts">
          {jobStates.map((state) => (
            <div key={state} className="rounded-md border p-3" data-job-count={state}>
              <dt className="text-xs text-muted-foreground">{label("jobState", state)}</dt>
              <dd className="text-xl font-semibold tabular-nums">{overview.counts[state].toLocaleString("en")}</dd>
            </div>
          ))}
        </dl>
      </section>

      <JobsQueue lists={lists} retry={retryJobAction} cancel={cancelJobAction} />

      <section aria-labelledby="batch-limits" className="space-y-3">
        <h2 id="batch-limits" className="text-lg font-semibold">
          Limits of batch orders
        </h2>
        <p className="text-sm text-muted-foreground">
          Each connection sends at most this many batch orders a minute, shared by all its batches in the order they ask, across every app
          instance (default {paceWords(defaultOrdersPerMinute)}). How many orders one batch has in flight at once is chosen by whoever
          confirms its price, at most {maxBatchConcurrency}.
        </p>
        {paces.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">No connection yet: add one in Connections.</p>
        ) : (
          <PaceSettings
            rows={paces.map((pace) => ({
              connectionId: pace.connectionId,
              connectionName: pace.connectionName,
              ordersPerMinute: pace.ordersPerMinute,
              changed:
                pace.updatedAt && pace.updatedByEmail
                  ? `Set by ${pace.updatedByEmail} on ${utcMinute(pace.updatedAt)}.`
                  : "The default is in force.",
            }))}
            save={saveBatchPaceAction}
          />
        )}
      </section>
    </div>
  );
}
