import { createDatabase } from "../db/client";
import { fileUnfiledDeadlines } from "../lib/company-file/company-file-store";
import { fileUnfiledRequests } from "../lib/requests/unfiled-requests";

/**
 * At every start: merges into the company files every request they lack (lib/requests/unfiled-requests.ts):
 * after migration 0009, every request stored before it; after a crash, those stored but not yet filed. Returns the
 * lines to print, if any. Then writes the filing deadlines of the files stored before they were (migration 0011).
 */
export async function fileCompanyRequests(databaseUrl: string): Promise<string[]> {
  const { db, pool } = createDatabase(databaseUrl, 1);
  try {
    const filed = await fileUnfiledRequests(db);
    const deadlines = await fileUnfiledDeadlines(db);
    return [
      ...(filed ? [`Filed ${filed} request${filed === 1 ? "" : "s"} into the company files.`] : []),
      ...(deadlines ? [`Wrote the filing deadlines of ${deadlines} company file${deadlines === 1 ? "" : "s"}.`] : []),
    ];
  } finally {
    await pool.end();
  }
}
