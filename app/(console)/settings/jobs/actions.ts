"use server";

import { z } from "zod";
import { roleAction } from "@/lib/auth/role-action";
import { batchPaceSchema } from "@/lib/batches/batch-pace-settings.shared";
import { saveBatchPace } from "@/lib/batches/batch-pace-settings-store";
import { cancelQueuedJob, retryQueuedJob } from "@/lib/jobs/job-control";

const jobInput = z.object({ jobId: z.uuid({ error: "There is no such job." }) });

/** Retries a failed job or resumes a cancelled one (audited). */
export const retryJobAction = roleAction("manageJobs", jobInput, ({ jobId }, user) => retryQueuedJob(user, jobId));

/** Cancels a waiting or running job (audited). */
export const cancelJobAction = roleAction("manageJobs", jobInput, ({ jobId }, user) => cancelQueuedJob(user, jobId));

/** Sets a connection's pace of batch orders (audited with before and after). */
export const saveBatchPaceAction = roleAction("manageJobs", batchPaceSchema, (pace, user) => saveBatchPace(user, pace));
