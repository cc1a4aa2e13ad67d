import "server-only";
import { db } from "@/db/client";
import { audit } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import { publishLive } from "@/lib/live/publish";
import { liveTopics } from "@/lib/live/topics.shared";
import { label } from "@/lib/vocabulary/words.shared";
import { readJob, type JobState, type JobView } from "./job-overview";
import { cancelJob, retryJob } from "./job-queue";

/**
 * What an admin does to a job from Settings → Jobs: retry a failed or cancelled one, cancel a waiting or running one.
 * Each is audited with the job in words (its queue, the batch it drives, the state it was in and why it failed) and
 * tells the page live. A job that is no longer in a state that allows it is refused with the state it is in now.
 */

const retryable: readonly JobState[] = ["failed", "cancelled"];
const cancellable: readonly JobState[] = ["created", "retry", "active"];

const notFound = {
  ok: false,
  code: "not_found",
  error: "There is no such job in the queue (completed and failed jobs move to the archive after 12 hours).",
} as const;

/** The job in words, for its audit row. */
function auditDetails(job: JobView): Record<string, unknown> {
  return {
    queue: label("jobQueue", job.queue),
    state: label("jobState", job.state),
    attempts: job.retryCount + 1,
    ...(job.reason && { reason: job.reason }),
    ...(job.batchId && {
      batch: job.batch ? `${label("batchKind", job.batch.kind)}${job.batch.fileName ? ` “${job.batch.fileName}”` : ""}` : "not stored",
      batchId: job.batchId,
    }),
  };
}

const stateNow = (job: JobView | undefined) => (job ? `it is ${label("jobState", job.state).toLowerCase()} now` : "it left the queue");

/** Retries a failed job, or resumes a cancelled one, now (audited `job.retried`). */
export async function retryQueuedJob(user: SessionUser, jobId: string): Promise<ActionResult> {
  const job = await readJob(jobId);
  if (!job) return notFound;
  if (!retryable.includes(job.state) || !(await retryJob(job.queue, job.id))) {
    return { ok: false, code: "not_retryable", error: `Only a failed or cancelled job can be retried: ${stateNow(await readJob(jobId))}.` };
  }
  await audit(user, "job.retried", job.id, auditDetails(job));
  await publishLive(db(), [liveTopics.jobs]);
  return { ok: true, data: undefined };
}

/** Cancels a waiting or running job (audited `job.cancelled`): a running step finishes what it is doing, nothing more. */
export async function cancelQueuedJob(user: SessionUser, jobId: string): Promise<ActionResult> {
  const job = await readJob(jobId);
  if (!job) return notFound;
  if (!cancellable.includes(job.state) || !(await cancelJob(job.queue, job.id))) {
    return {
      ok: false,
      code: "not_cancellable",
      error: `Only a waiting or running job can be cancelled: ${stateNow(await readJob(jobId))}.`,
    };
  }
  await audit(user, "job.cancelled", job.id, auditDetails(job));
  await publishLive(db(), [liveTopics.jobs]);
  return { ok: true, data: undefined };
}
