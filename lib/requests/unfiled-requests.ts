import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { companyRequests } from "@/db/schema";
import { fileSnapshot } from "@/lib/company-file/company-file-store";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import { isFirstOrder, type RequestPurpose } from "./origins";

/** The database or a transaction. */
type Executor = Pick<Database, "execute">;

type UnfiledRow = {
  request_id: string;
  connection_id: string;
  country_code: string;
  company_id: string;
  version: string;
  created_at: Date;
  purpose: RequestPurpose | null;
  succeeded_at: Record<string, string>;
  snapshot: string;
};

/**
 * Files every request whose newest version the company file lacks, oldest first, `batch` at a time: the backfill of
 * migration 0009 (every request stored before it), and the repair after a crash between a request's write and its
 * file's. Returns how many requests were filed.
 */
export async function fileUnfiledRequests(executor: Executor, batch = 200): Promise<number> {
  let filed = 0;
  for (;;) {
    const r = companyRequests;
    const { rows } = await executor.execute<UnfiledRow>(sql`
      select ${r.requestId}, ${r.connectionId}, ${r.countryCode}, ${r.companyId}, ${r.version}, ${r.createdAt}, ${r.purpose}, ${r.succeededAt},
        ${r.snapshot}::text as snapshot
      from ${r}
      where ${r.filedVersion} < ${r.version} and ${r.connectionId} is not null and ${r.countryCode} is not null and ${r.companyId} is not null
        and ${r.snapshot} is not null
      order by ${r.createdAt}, ${r.requestId}
      limit ${batch}`);
    for (const row of rows) {
      await fileSnapshot(
        executor,
        { connectionId: row.connection_id, countryCode: row.country_code, companyId: row.company_id },
        {
          requestId: row.request_id,
          version: Number(row.version),
          createdAt: new Date(row.created_at).toISOString(),
          succeededAt: row.succeeded_at,
          firstOrder: isFirstOrder(row.purpose),
          snapshot: JSON.parse(row.snapshot) as CompanyResponse,
        },
      );
    }
    filed += rows.length;
    if (rows.length < batch) return filed;
  }
}
