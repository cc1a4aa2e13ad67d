import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * In an upsert's `on conflict … do update`, the value the insert proposed for `column` (Postgres's
 * `excluded.<column>`), named through db/schema like every other column reference.
 */
export const excluded = (column: AnyPgColumn): SQL => sql`excluded.${sql.identifier(column.name)}`;
