import "server-only";
import { desc, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { riskModelVersions } from "@/db/schema";
import { audit, type Actor } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import type { DualControlNote } from "@/lib/dual-control/dual-control-note";
import { listChanges, submitChange, type PendingChangeView, type Submitted } from "@/lib/dual-control/pending-changes";
import { modelChangeLines } from "./model-changes.shared";
import { modelPublicationSchema, type ModelPublication } from "./model-publication.shared";
import { modelAtVersion } from "./risk-model-versions";
import { rerateSoon } from "./re-rate";
import { riskModelSchema, type RiskModel } from "./risk-model.shared";
import { utcMinute } from "@/lib/vocabulary/units.shared";

/** What publishing made: the version number now in force. */
export type Published = { version: number };

const versionWords = (version: number | null) => (version === null ? "the default model" : `version ${version}`);

/**
 * Why a draft edited from `baseVersion` may not be published over `newest` (the newest stored version), or
 * undefined when it may: another version was published since, and it says something else than the one the draft
 * was edited from (the default model stored unchanged as version 1 by the re-rater changes nothing an admin read).
 */
async function staleRefusal(
  baseVersion: number | null,
  newest: { version: number; model: unknown; publishedByEmail: string; publishedAt: Date } | undefined,
) {
  if ((newest?.version ?? null) === baseVersion) return undefined;
  const base = await modelAtVersion(baseVersion);
  if (newest && base && modelChangeLines(base, riskModelSchema.parse(newest.model)).length === 0) return undefined;
  const since = newest
    ? `Version ${newest.version} was published by ${newest.publishedByEmail} at ${utcMinute(newest.publishedAt)}`
    : "The versions changed";
  return {
    ok: false as const,
    code: "stale_model",
    error: `${since}, after this draft was edited from ${versionWords(baseVersion)}: nothing was published. Open Settings → Risk again and edit the model in force.`,
  };
}

async function newestVersion(executor: Pick<ReturnType<typeof db>, "select"> = db()) {
  const [newest] = await executor.select().from(riskModelVersions).orderBy(desc(riskModelVersions.version)).limit(1);
  return newest;
}

/**
 * Stores `publication` as the next version of the risk model, published by `publishedBy` and approved by
 * `approvedByEmail` (none where dual control did not apply), audited as `risk.model_published` by `actor` with the
 * dual-control note and the changes in words, then the re-rater is kicked. Refused, storing nothing, when another
 * version was published since the draft's base version. Publishers are serialised by a table lock, so two approvals cannot both take a number.
 */
export async function publishModelVersion(
  actor: Actor,
  publication: ModelPublication,
  publishedBy: Actor,
  approvedByEmail: string | null,
  note: DualControlNote,
): Promise<ActionResult<Published>> {
  const result = await db().transaction(async (tx) => {
    await tx.execute(sql`lock table ${riskModelVersions} in share row exclusive mode`);
    const newest = await newestVersion(tx);
    const stale = await staleRefusal(publication.baseVersion, newest);
    if (stale) return stale;
    const version = (newest?.version ?? 0) + 1;
    const before = newest ? riskModelSchema.parse(newest.model) : await modelAtVersion(null);
    await tx.insert(riskModelVersions).values({
      version,
      model: publication.model,
      note: publication.note,
      publishedBy: publishedBy.id,
      publishedByEmail: publishedBy.email,
      approvedByEmail,
    });
    const changes = modelChangeLines(before!, publication.model);
    await audit(actor, "risk.model_published", `risk model version ${version}`, { version, note: publication.note, changes, ...note }, tx);
    return { ok: true as const, data: { version } };
  });
  // Every company is rated again under the new version, in the background.
  if (result.ok) rerateSoon();
  return result;
}

/**
 * Asks to publish a new version of the risk model: it waits for a second admin (dual control), or is published at
 * once where dual control is off or this console has one admin. Refused, asking nothing, when the draft was edited
 * from a version no longer in force, or another publication is already waiting.
 */
export async function requestModelPublish(actor: SessionUser, publication: ModelPublication): Promise<ActionResult<Submitted<Published>>> {
  const stale = await staleRefusal(publication.baseVersion, await newestVersion());
  if (stale) return stale;
  const [waiting] = await listChanges({ states: ["pending"], kind: "risk_model_publish", limit: 1 });
  if (waiting) {
    return {
      ok: false,
      code: "already_pending",
      error: `A new version asked for by ${waiting.requestedByEmail} is already waiting for a second admin: nothing was asked. It is decided on Settings → Approvals, or expires after 24 hours.`,
    };
  }
  return submitChange(
    actor,
    { kind: "risk_model_publish", connectionId: null, target: "risk model", details: publication, reason: publication.note },
    (note) => publishModelVersion(actor, publication, actor, null, note),
  );
}

/** Performs an approved `risk_model_publish` change: the requester's model, published with the approver's name. */
export async function performModelPublish(
  approver: SessionUser,
  change: PendingChangeView,
  note: DualControlNote,
): Promise<ActionResult<Published>> {
  const publication = change.kind === "risk_model_publish" ? modelPublicationSchema.safeParse(change.details) : undefined;
  if (!publication?.success) {
    return { ok: false, code: "invalid_change", error: "This change's details are not a risk model: nothing was published." };
  }
  return publishModelVersion(approver, publication.data, { id: change.requestedBy, email: change.requestedByEmail }, approver.email, note);
}

/** The model a pending publication was edited from, for the approver's before → after (undefined: that version is gone). */
export const publicationBase = (details: Record<string, unknown>): Promise<RiskModel | undefined> => {
  const baseVersion = modelPublicationSchema.shape.baseVersion.safeParse(details.baseVersion);
  return baseVersion.success ? modelAtVersion(baseVersion.data) : Promise.resolve(undefined);
};
