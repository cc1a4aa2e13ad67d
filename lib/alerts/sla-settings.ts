import "server-only";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { alertSlas, users } from "@/db/schema";
import { audit, type Actor } from "@/lib/audit/audit";
import { defaultSlaDays } from "./sla-defaults";

export type SlaCategory = keyof typeof defaultSlaDays;

export const slaCategories = Object.keys(defaultSlaDays) as SlaCategory[];

export type EffectiveSla = {
  category: SlaCategory;
  days: number;
  defaultDays: number;
  updatedByEmail: string | null;
  updatedAt: Date | null;
};

/** Each known category's SLA: the admin's figure where set, else the default. */
export async function effectiveSlas(): Promise<EffectiveSla[]> {
  const [s, u] = [alias(alertSlas, "s"), alias(users, "u")];
  const rows = await db().execute<{ category: string; days: number; email: string | null; updated_at: string }>(sql`
    select ${s.category}, ${s.days}, ${u.email}, ${s.updatedAt} from ${alertSlas} ${s} left join ${users} ${u} on ${u.id} = ${s.updatedBy}`);
  const set = new Map(rows.rows.map((row) => [row.category, row]));
  return slaCategories.map((category) => {
    const row = set.get(category);
    return {
      category,
      days: row?.days ?? defaultSlaDays[category],
      defaultDays: defaultSlaDays[category],
      updatedByEmail: row?.email ?? null,
      updatedAt: row ? new Date(row.updated_at) : null,
    };
  });
}

/**
 * Sets the SLA days of the given categories; each change is audited (`alert.sla_changed`, from and to). A figure
 * equal to the default removes the override. Applies to alerts opened, or joined by a notification, afterwards.
 * Returns the categories that changed.
 */
export async function setSlas(actor: Actor, days: Partial<Record<SlaCategory, number>>): Promise<SlaCategory[]> {
  const current = new Map((await effectiveSlas()).map((sla) => [sla.category, sla.days]));
  const changed = slaCategories.filter((category) => days[category] !== undefined && days[category] !== current.get(category));
  if (changed.length === 0) return [];
  await db().transaction(async (tx) => {
    for (const category of changed) {
      const to = days[category]!;
      if (to === defaultSlaDays[category]) await tx.delete(alertSlas).where(eq(alertSlas.category, category));
      else
        await tx
          .insert(alertSlas)
          .values({ category, days: to, updatedBy: actor.id })
          .onConflictDoUpdate({ target: alertSlas.category, set: { days: to, updatedBy: actor.id, updatedAt: sql`now()` } });
      await audit(actor, "alert.sla_changed", `sla ${category}`, { category, from: current.get(category), to }, tx);
    }
  });
  return changed;
}
