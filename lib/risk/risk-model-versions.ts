import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { db, type Database } from "@/db/client";
import { riskModelVersions, type RiskModelVersionRow } from "@/db/schema";
import { defaultRiskModel, riskModelSchema, type RiskModel } from "./risk-model.shared";

type Executor = Pick<Database, "execute" | "select">;

export type PublishedRiskModel = { version: number; model: RiskModel };

/** Who version 1 (the default model, stored the first time ratings are made) names as its publisher. */
export const defaultModelPublisher = "system (default model)";

/**
 * The model in force: the newest published version. The first time, the default model becomes version 1 (two
 * processes doing so at once store it once).
 */
export async function riskModelInForce(executor: Executor = db()): Promise<PublishedRiskModel> {
  await executor.execute(sql`
    insert into risk_model_versions (version, model, note, published_by_email)
    select 1, ${JSON.stringify(defaultRiskModel)}::jsonb, 'The default model, in force until an admin publishes one.', ${defaultModelPublisher}
    where not exists (select 1 from risk_model_versions)
    on conflict (version) do nothing`);
  const [row] = await executor
    .select({ version: riskModelVersions.version, model: riskModelVersions.model })
    .from(riskModelVersions)
    .orderBy(desc(riskModelVersions.version))
    .limit(1);
  return { version: row!.version, model: riskModelSchema.parse(row!.model) };
}

/** A published version of the model (a stored rating is replayed under the version it names), or undefined. */
export async function riskModelVersion(version: number, executor: Executor = db()): Promise<PublishedRiskModel | undefined> {
  const [row] = await executor
    .select({ version: riskModelVersions.version, model: riskModelVersions.model })
    .from(riskModelVersions)
    .where(eq(riskModelVersions.version, version));
  return row && { version: row.version, model: riskModelSchema.parse(row.model) };
}

/** A published version with who published and approved it, when and why (Settings → Risk), its document read back through the schema. */
export type PublishedModel = Omit<RiskModelVersionRow, "model"> & { model: RiskModel };

/** The model in force as Settings → Risk shows it: the newest published version, or the default model while none is stored (`version: null`). */
export type ModelInForce = { version: number; published: PublishedModel } | { version: null; model: RiskModel };

/** Published versions, newest first. */
export async function listModelVersions(limit = 20): Promise<PublishedModel[]> {
  const rows = await db().select().from(riskModelVersions).orderBy(desc(riskModelVersions.version)).limit(limit);
  return rows.map((row) => ({ ...row, model: riskModelSchema.parse(row.model) }));
}

/** The model in force, given the newest published version (none: the default model). Stores nothing. */
export const inForceOf = (newest: PublishedModel | undefined): ModelInForce =>
  newest ? { version: newest.version, published: newest } : { version: null, model: defaultRiskModel };

export const modelOf = (inForce: ModelInForce): RiskModel => (inForce.version === null ? inForce.model : inForce.published.model);

/** The model a draft was edited from: a version, or `null` for the default model (in force before any was stored). */
export async function modelAtVersion(version: number | null): Promise<RiskModel | undefined> {
  return version === null ? defaultRiskModel : (await riskModelVersion(version))?.model;
}
