/**
 * Runs a batch's steps in a process of its own until none is left (`tsx --conditions=react-server`), so that a test
 * can kill it mid-step (lib/batches/batch-engine.int.test.ts). The database comes from DATABASE_URL.
 */
import { runBatchStep } from "@/lib/batches/batch-driver";

const batchId = process.argv[2]!;
for (;;) {
  const step = await runBatchStep(batchId);
  if (step.next === "none") break;
}
process.exit(0);
