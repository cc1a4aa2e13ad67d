import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { batchRows, batches } from "@/db/schema";
import { audit } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import { publishLive } from "@/lib/live/publish";
import { kickBatch } from "./batch-control";
import { markDuplicates } from "./batch-matching";
import { batchTopics } from "./batch-records";

/** What a person picked for an ambiguous row: one of its candidates, or none of them. */
export type RowPick = { companyId: string } | { none: true };

/** What the row became: matched, a duplicate of an earlier row with the same company, or not found. */
export type ResolvedRow = { matchState: "matched" | "duplicate" | "not_found"; duplicateOf?: number };

/**
 * A person resolves an ambiguous row of a batch still matching or waiting for its confirm: the company they picked
 * among its candidates (matched, or a duplicate naming the earlier row with it), or none (not found, skipped).
 * Audited; the batch's job is woken so the row is priced.
 */
export async function resolveRow(user: SessionUser, batchId: string, rowId: number, pick: RowPick): Promise<ActionResult<ResolvedRow>> {
  const result = await db().transaction(async (tx): Promise<ActionResult<ResolvedRow>> => {
    const [found] = await tx
      .select({ row: batchRows, status: batches.status })
      .from(batchRows)
      .innerJoin(batches, eq(batches.id, batchRows.batchId))
      .where(and(eq(batchRows.id, rowId), eq(batchRows.batchId, batchId)))
      .for("update", { of: batchRows });
    if (!found) return { ok: false, code: "not_found", error: "There is no such row in this batch." };
    const { row, status } = found;
    if (status !== "matching" && status !== "reviewing") {
      return { ok: false, code: "not_waiting", error: "This batch is no longer waiting for picks (it was confirmed or cancelled)." };
    }
    if (row.matchState !== "ambiguous" || row.outcome !== "pending") {
      return { ok: false, code: "not_ambiguous", error: `Row ${row.rowNumber} was already resolved; the page shows what it became.` };
    }
    const candidate = "companyId" in pick ? row.candidates.find((c) => c.companyId === pick.companyId) : undefined;
    if ("companyId" in pick && !candidate) {
      return { ok: false, code: "invalid_input", error: `That company is not one of row ${row.rowNumber}'s candidates.` };
    }
    const set = candidate
      ? {
          matchState: "matched" as const,
          companyId: candidate.companyId,
          companyName: candidate.legalName,
          matchScore: candidate.score,
          matchReason: `Picked by ${user.email} among ${row.candidates.length}: ${candidate.reason}`,
        }
      : {
          matchState: "not_found" as const,
          matchReason: `None of the ${row.candidates.length} candidates, said ${user.email}`,
          outcome: "skipped" as const,
          outcomeReason: "Not found in the register",
        };
    await tx
      .update(batchRows)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(batchRows.id, row.id));
    await markDuplicates(tx, batchId);
    const [after] = await tx
      .select({ matchState: batchRows.matchState, matchReason: batchRows.matchReason })
      .from(batchRows)
      .where(and(eq(batchRows.id, row.id), inArray(batchRows.matchState, ["matched", "duplicate", "not_found"])));
    await audit(
      user,
      "batch.row_resolved",
      batchId,
      { row: row.rowNumber, companyId: candidate?.companyId ?? null, companyName: candidate?.legalName ?? null, became: after?.matchState },
      tx,
    );
    await publishLive(tx, batchTopics(batchId));
    const matchState = (after?.matchState ?? set.matchState) as ResolvedRow["matchState"];
    const duplicateOf = matchState === "duplicate" ? Number(/row (\d+)/.exec(after?.matchReason ?? "")?.[1]) : undefined;
    return { ok: true, data: { matchState, ...(duplicateOf && { duplicateOf }) } };
  });
  if (result.ok) await kickBatch(batchId);
  return result;
}
