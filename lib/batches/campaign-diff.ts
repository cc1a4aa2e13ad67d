import "server-only";
import type { BatchRow } from "@/db/schema";

/**
 * A review campaign's completed refreshes diffed against each company's reviewed baseline, into the reviewer's
 * queue. A placeholder so the engine (batch-settle.ts) builds and runs: it diffs nothing. The batch-campaign helper
 * replaces this file with the real diff (keep theirs at merge).
 */
export async function diffCompletedCampaignRows(batch: BatchRow): Promise<number> {
  void batch;
  return 0;
}
