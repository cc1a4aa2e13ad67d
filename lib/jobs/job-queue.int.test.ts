import { afterAll, describe, expect, it } from "vitest";
import { jobQueues } from "@/db/job-queue-install";
import { enqueueJob, stopJobQueue, workJobs } from "./job-queue";

afterAll(() => stopJobQueue(0));

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
});
