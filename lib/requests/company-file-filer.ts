import "server-only";
import { fileSnapshots, type CompanyKey } from "@/lib/company-file/company-file-store";
import type { Contribution } from "@/lib/company-file/merge-company-file";
import { rerateSoon } from "@/lib/risk/re-rate";

type Executor = Parameters<typeof fileSnapshots>[0];
type Queue = { executor: Executor; key: CompanyKey; contributions: Contribution[]; drained: Promise<void> };

/** Contributions waiting to be filed, per company file, in this process. */
const queues = new Map<string, Queue>();

const queueId = (key: CompanyKey) => `${key.connectionId}\u0000${key.countryCode}\u0000${key.companyId}`;

/** Files the queue's contributions, all that arrived meanwhile in one write, until none is left. */
async function drain(id: string, queue: Queue): Promise<void> {
  await Promise.resolve(); // let the deliveries arriving in the same tick join the first write
  while (queue.contributions.length) {
    const batch = queue.contributions.splice(0);
    try {
      await fileSnapshots(queue.executor, queue.key, batch);
      rerateSoon(queue.key);
    } catch (error) {
      // The requests stay unfiled (filed_version below version): the launcher files them at the next start.
      console.error(
        `[company file] ${queue.key.countryCode} ${queue.key.companyId}: ${batch.length} snapshot(s) not filed yet:`,
        error instanceof Error ? error.message : error,
      );
    }
  }
  queues.delete(id);
}

/**
 * Files a webhook's snapshot into its company's file soon after the delivery is acknowledged, not in its time: per
 * company, one writer at a time in this process, merging whatever arrived meanwhile in one write. A burst of
 * deliveries for one company is then a few file writes that never conflict with each other, and the sender's
 * acknowledgement waits for none. The request itself is already stored and marked unfiled until then, so a crash
 * loses nothing: the launcher files it at the next start (fileUnfiledRequests).
 */
export function fileSoon(executor: Executor, key: CompanyKey, contribution: Contribution): void {
  const id = queueId(key);
  const queue = queues.get(id);
  if (queue) {
    queue.contributions.push(contribution);
    return;
  }
  const fresh: Queue = { executor, key, contributions: [contribution], drained: Promise.resolve() };
  queues.set(id, fresh);
  fresh.drained = drain(id, fresh);
}

/** Resolves once every snapshot handed to fileSoon so far is filed (or has failed and been logged). */
export async function companyFilesSettled(): Promise<void> {
  while (queues.size) await Promise.all([...queues.values()].map((q) => q.drained));
}
