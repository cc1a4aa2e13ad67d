import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { jobQueues } from "@/db/job-queue-install";
import { liveTopics } from "@/lib/live/topics.shared";
import { enqueueJob, stopJobQueue, workJobs } from "./job-queue";

// Each test starts its own workers: those of an earlier test would take its jobs.
afterEach(() => stopJobQueue(0));

describe("the job queue", () => {
  it("runs a queued job with its data, and retries one whose handler threw", async () => {
    const seen: string[] = [];
    const done = new Promise<void>((resolve) => {
      void workJobs<{ word: string }>(jobQueues.batchStep.name, 1, async ({ word }) => {
        seen.push(word);
        if (word === "fails once" && seen.filter((w) => w === word).length === 1) throw new Error("first attempt fails");
        if (seen.includes("plain") && seen.filter((w) => w === "fails once").length === 2) resolve();
      });
    });
    await enqueueJob(jobQueues.batchStep.name, { word: "plain" });
    await enqueueJob(jobQueues.batchStep.name, { word: "fails once" }, {});
    await done;
    expect(seen.filter((w) => w === "plain")).toHaveLength(1);
    expect(seen.filter((w) => w === "fails once")).toHaveLength(2);
  }, 60_000);

  it("announces a job on the jobs topic when it starts, and again once the queue has recorded its end", async () => {
    const jobEvents = async () =>
      (await db().execute<{ at: Date }>(sql`select at from live_events where topic = ${liveTopics.jobs} order by id`)).rows;
    const before = (await jobEvents()).length;
    let started = 0;
    const ran = new Promise<void>((resolve) => {
      void workJobs<{ word: string }>(jobQueues.batchStep.name, 1, async ({ word }) => {
        if (word !== "announced") return;
        started = (await jobEvents()).length - before;
        resolve();
      });
    });
    const id = await enqueueJob(jobQueues.batchStep.name, { word: "announced" });
    await ran;
    expect(started).toBe(1);
    await expect.poll(async () => (await jobEvents()).length - before, { timeout: 10_000 }).toBe(2);
    const [ended] = (
      await db().execute<{ state: string; completed_on: Date }>(sql`select state, completed_on from pgboss.job where id = ${id}`)
    ).rows;
    expect(ended?.state).toBe("completed");
    const last = (await jobEvents()).at(-1)!;
    expect(new Date(last.at).getTime()).toBeGreaterThanOrEqual(new Date(ended!.completed_on).getTime());
  }, 60_000);
});
