import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * `column` contains `part`, in any case, every character taken as itself (`%`, `_` and `\` are not wildcards, as
 * they would be in a LIKE pattern). A null column contains nothing.
 */
export const containsText = (column: SQLWrapper, part: string): SQL => sql`strpos(lower(${column}), lower(${part})) > 0`;
