import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import { batches, users } from "@/db/schema";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import { fullKybDatapoints } from "@/lib/orders/order-defaults.shared";
import { batchRowInput, fileDigest, readBatchCsv, type BatchCsvRow } from "./batch-csv";
import { kickBatch } from "./batch-control";
import { createBatch } from "./batch-records";

/**
 * The server's side of onboarding a customer list: the file read (batch-csv.ts) with each owner checked against the
 * console's users, then stored as a batch whose job matches it. The same file again opens the batch it started.
 */

/** The rows with their problems, and the batch this very file started through the connection, if it was uploaded before. */
export type BatchFilePreview = { rows: BatchCsvRow[]; existingBatchId: string | null };

async function batchOfFile(connectionId: string, digest: string): Promise<string | null> {
  const [found] = await db()
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.connectionId, connectionId), eq(batches.fileDigest, digest)));
  return found?.id ?? null;
}

/** Adds a problem to each row whose owner is not a user of the console. */
async function checkOwners(rows: BatchCsvRow[]): Promise<BatchCsvRow[]> {
  const owners = [...new Set(rows.map((r) => r.owner).filter(Boolean))];
  if (owners.length === 0) return rows;
  const known = new Set(
    (await db().select({ email: users.email }).from(users).where(inArray(users.email, owners))).map((u) => u.email.toLowerCase()),
  );
  return rows.map((row) =>
    row.owner && !known.has(row.owner) && !row.problems.some((p) => p.startsWith(`The owner "${row.owner}"`))
      ? { ...row, problems: [...row.problems, `The owner "${row.owner}" is not a user of this console.`] }
      : row,
  );
}

/** The file's rows with each row's problems (nothing is stored or sent), or why the file cannot be read. */
export async function previewBatchFile(connectionId: string, text: string): Promise<ActionResult<BatchFilePreview>> {
  const reading = readBatchCsv(text);
  if (!reading.ok) return { ok: false, code: "invalid_input", error: reading.error };
  const existingBatchId = await batchOfFile(connectionId, await fileDigest(text));
  return { ok: true, data: { rows: await checkOwners(reading.rows), existingBatchId } };
}

/**
 * Stores the file as an import batch through `connectionId` (ordering the "Full KYB dossier" for each matched row)
 * and wakes its job, which matches it (free). The same file through the same connection opens its batch instead:
 * `existing` says so, and nothing is stored twice.
 */
export async function startBatchImport(
  user: SessionUser,
  connectionId: string,
  file: { name: string; text: string },
): Promise<ActionResult<{ batchId: string; existing: boolean }>> {
  const reading = readBatchCsv(file.text);
  if (!reading.ok) return { ok: false, code: "invalid_input", error: reading.error };
  const rows = await checkOwners(reading.rows);
  const created = await createBatch(user, {
    kind: "import",
    connectionId,
    datapoints: [...fullKybDatapoints],
    fileName: file.name,
    fileDigest: await fileDigest(file.text),
    rows: rows.map((row) => ({
      rowNumber: row.rowNumber,
      input: batchRowInput(row),
      countryCode: row.countryCode ?? row.country.toUpperCase(),
      problems: row.problems,
    })),
  });
  if (!created.existing) await kickBatch(created.batchId);
  return { ok: true, data: created };
}
