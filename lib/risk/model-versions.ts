import "server-only";
import { desc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { riskModelVersions, type RiskModelVersionRow } from "@/db/schema";
import { defaultRiskModel, riskModelSchema, type RiskModel } from "./risk-model";

/** A published version of the risk model, its document read back through the schema. */
export type PublishedModel = Omit<RiskModelVersionRow, "model"> & { model: RiskModel };

/** The model in force: the newest published version, or the default model while none is published (`version: null`). */
export type ModelInForce = { version: number; published: PublishedModel } | { version: null; model: RiskModel };

const published = (row: RiskModelVersionRow): PublishedModel => ({ ...row, model: riskModelSchema.parse(row.model) });

/** Published versions, newest first. */
export async function listModelVersions(limit = 20): Promise<PublishedModel[]> {
  const rows = await db().select().from(riskModelVersions).orderBy(desc(riskModelVersions.version)).limit(limit);
  return rows.map(published);
}

/** The model in force, given the newest published version (none: the default model). */
export const inForceOf = (newest: PublishedModel | undefined): ModelInForce =>
  newest ? { version: newest.version, published: newest } : { version: null, model: defaultRiskModel };

/** The model a version holds; `null` is the default model (what was in force before the first publication). */
export async function modelAtVersion(version: number | null): Promise<RiskModel | undefined> {
  if (version === null) return defaultRiskModel;
  const [row] = await db().select().from(riskModelVersions).where(eq(riskModelVersions.version, version));
  return row && published(row).model;
}

export const modelOf = (inForce: ModelInForce): RiskModel => (inForce.version === null ? inForce.model : inForce.published.model);
