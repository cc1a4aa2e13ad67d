import "server-only";
import { sql } from "drizzle-orm";
import { db, type Database } from "@/db/client";
import { defaultRiskModel, riskModelSchema, type RiskModel } from "./risk-model";

type Executor = Pick<Database, "execute">;

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
  const { rows } = await executor.execute<{ version: number; model: unknown }>(
    sql`select version, model from risk_model_versions order by version desc limit 1`,
  );
  const row = rows[0]!;
  return { version: Number(row.version), model: riskModelSchema.parse(row.model) };
}

/** A published version of the model (a stored rating is replayed under the version it names), or undefined. */
export async function riskModelVersion(version: number, executor: Executor = db()): Promise<PublishedRiskModel | undefined> {
  const { rows } = await executor.execute<{ version: number; model: unknown }>(
    sql`select version, model from risk_model_versions where version = ${version}`,
  );
  const row = rows[0];
  return row && { version: Number(row.version), model: riskModelSchema.parse(row.model) };
}
