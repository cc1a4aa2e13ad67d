import "server-only";
import type { BatchRow } from "@/db/schema";
import type { Registry } from "@/lib/connections/registry-for";

/**
 * Matching a batch's rows against the register (free search). A placeholder so the engine (batch-driver.ts) builds
 * and runs: it marks no row and reports nothing left. The batch-import helper replaces this file with the real
 * matching (keep theirs at merge). The driver calls it with `deadlineMs`, the time (epoch ms) by which it should
 * return, and calls it again in the next step while `remaining` rows are left to match.
 */
export async function matchBatchRows(batch: BatchRow, registry: Registry, deadlineMs: number): Promise<{ remaining: number }> {
  void batch;
  void registry;
  void deadlineMs;
  return { remaining: 0 };
}
