import "server-only";
import { and, eq, sql, type Column, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  companyFiles,
  companyRequests,
  type CompanyFileDocument,
  type CompanyFileFilings,
  type CompanyFileGraphPart,
  type CompanyFileSource,
} from "@/db/schema";
import type { Database } from "@/db/client";
import type { Graph } from "@/lib/registry/schemas.shared";
import { deadlinesWrite } from "@/lib/calendar/filing-deadlines";
import { emptyCompanyFile, mergeIntoCompanyFile, type CompanyFileState, type Contribution } from "./merge-company-file";

/** The database or a transaction. */
type Executor = Pick<Database, "execute">;

/** A company file's key: one company, as seen through one connection. */
export type CompanyKey = { connectionId: string; countryCode: string; companyId: string };

/** Where a table keyed by company (connection, country, company id) holds `key`'s rows: the where clause. */
export function ofCompany(table: { connectionId: Column; countryCode: Column; companyId: Column }, key: CompanyKey): SQL {
  return and(eq(table.connectionId, key.connectionId), eq(table.countryCode, key.countryCode), eq(table.companyId, key.companyId))!;
}

type FileRow = {
  revision: string;
  company_name: string | null;
  sources: Record<string, CompanyFileSource>;
  graph: string | null;
  graph_parts: CompanyFileGraphPart[];
  documents: CompanyFileDocument[];
  filings: CompanyFileFilings | null;
  latest_request_id: string | null;
  latest_created_at: Date | null;
};

const maxAttempts = 20;

/**
 * Merges requests' current snapshots into their company's file (lib/company-file/merge-company-file.ts), in order, and
 * marks each request filed at its version: one statement, which changes the file only if it is still as read (else
 * it reads again). The file's sections are merged by the database (`||`), so the sections are never read here; the
 * merged graph is read only when a snapshot brings a graph.
 */
export async function fileSnapshots(executor: Executor, key: CompanyKey, contributions: readonly Contribution[]): Promise<void> {
  const bringsGraph = contributions.some((c) => c.snapshot.request.dataStatus?.dataPoints?.graph?.status === "succeeded");
  const [f, r] = [alias(companyFiles, "f"), alias(companyRequests, "r")];
  const filed = JSON.stringify(contributions.map((c) => ({ request_id: c.requestId, version: c.version })));
  // v: the contributions, one record each.
  const markFiled = (when: ReturnType<typeof sql>) => sql`
    update ${companyRequests} ${r} set ${sql.identifier(companyRequests.filedVersion.name)} = greatest(${r.filedVersion}, v.version)
    from jsonb_to_recordset(${filed}::jsonb) as v(request_id text, version bigint)
    where ${r.requestId} = v.request_id and ${when}`;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const read = await executor.execute<FileRow>(sql`
      select ${f.revision}, ${f.companyName}, ${f.sources}, ${bringsGraph ? sql`${f.graph}::text` : sql`null`} as graph, ${f.graphParts},
             ${f.documents}, ${f.filings}, ${f.latestRequestId}, ${r.createdAt} as latest_created_at
      from ${companyFiles} ${f} left join ${companyRequests} ${r} on ${r.requestId} = ${f.latestRequestId}
      where ${f.connectionId} = ${key.connectionId}::uuid and ${f.countryCode} = ${key.countryCode} and ${f.companyId} = ${key.companyId}`);
    const row = read.rows[0];
    let file: CompanyFileState = row
      ? {
          companyName: row.company_name,
          sources: row.sources,
          graph: row.graph ? (JSON.parse(row.graph) as Graph) : null,
          graphParts: row.graph_parts,
          documents: row.documents,
          filings: row.filings,
          latestRequest:
            row.latest_request_id && row.latest_created_at
              ? { requestId: row.latest_request_id, createdAt: new Date(row.latest_created_at).toISOString() }
              : null,
        }
      : emptyCompanyFile;
    const sectionPatch: Record<string, unknown> = {};
    let changed = false;
    for (const contribution of contributions) {
      const merged = mergeIntoCompanyFile(file, contribution);
      file = merged.file;
      Object.assign(sectionPatch, merged.sectionPatch);
      changed ||= merged.changed;
    }
    if (!changed) {
      await executor.execute(markFiled(sql`true`));
      return;
    }
    const removed = Object.keys(sectionPatch).filter((s) => sectionPatch[s] === null);
    const set = Object.fromEntries(Object.entries(sectionPatch).filter(([, v]) => v !== null));
    const graph = bringsGraph ? sql`${JSON.stringify(file.graph)}::json` : sql`null`;
    const readRevision = row ? Number(row.revision) : undefined;
    const deadlines = deadlinesWrite(
      [{ ...key, companyName: file.companyName, filings: file.filings }],
      () => sql`exists (select 1 from file_written)`,
    );
    const write = await executor.execute<{ written: boolean }>(sql`
      with file_written as (
        insert into company_files as f (connection_id, country_code, company_id, company_name, sections, sources, graph, graph_parts,
                                        documents, filings, latest_request_id, revision)
        values (${key.connectionId}::uuid, ${key.countryCode}, ${key.companyId}, ${file.companyName}, ${JSON.stringify(set)}::jsonb,
                ${JSON.stringify(file.sources)}::jsonb, ${graph}, ${JSON.stringify(file.graphParts)}::jsonb,
                ${JSON.stringify(file.documents)}::jsonb, ${JSON.stringify(file.filings)}::jsonb, ${file.latestRequest?.requestId ?? null}, 1)
        on conflict (connection_id, country_code, company_id) do update
          set company_name = excluded.company_name,
              sections = (f.sections - array(select jsonb_array_elements_text(${JSON.stringify(removed)}::jsonb))) || excluded.sections,
              sources = excluded.sources,
              graph = ${bringsGraph ? sql`excluded.graph` : sql`f.graph`},
              graph_parts = excluded.graph_parts, documents = excluded.documents, filings = excluded.filings,
              latest_request_id = excluded.latest_request_id, deadlines_filed = true, revision = f.revision + 1, updated_at = now()
          where ${readRevision === undefined ? sql`false` : sql`f.revision = ${readRevision}`}
        returning 1),
      filed as (${markFiled(sql`exists (select 1 from file_written)`)}),
      deadlines_cleared as (${deadlines.clear}),
      deadlines_written as (${deadlines.write})
      select exists (select 1 from file_written) as written`);
    if (write.rows[0]?.written) return;
  }
  throw new Error(
    `the company file of ${key.countryCode} ${key.companyId} changed under ${maxAttempts} attempts in a row; nothing was written`,
  );
}

/** One request's snapshot into its company's file (fileSnapshots with one). */
export const fileSnapshot = (executor: Executor, key: CompanyKey, contribution: Contribution) =>
  fileSnapshots(executor, key, [contribution]);

type UnfiledDeadlinesRow = {
  connection_id: string;
  country_code: string;
  company_id: string;
  company_name: string | null;
  filings: CompanyFileFilings | null;
  revision: string;
};

/**
 * Writes the filing deadlines of every company file stored before they were (migration 0011), `batch` files a
 * statement: each file's as it still is (a file written meanwhile has its deadlines already). Returns how many files
 * it wrote.
 */
export async function fileUnfiledDeadlines(executor: Executor, batch = 500): Promise<number> {
  let filed = 0;
  for (;;) {
    const f = companyFiles;
    const { rows } = await executor.execute<UnfiledDeadlinesRow>(sql`
      select ${f.connectionId}, ${f.countryCode}, ${f.companyId}, ${f.companyName}, ${f.filings}, ${f.revision}
      from ${f} where not ${f.deadlinesFiled} limit ${batch}`);
    if (rows.length === 0) return filed;
    const files = rows.map((row) => ({
      connectionId: row.connection_id,
      countryCode: row.country_code,
      companyId: row.company_id,
      companyName: row.company_name,
      filings: row.filings,
    }));
    const read = JSON.stringify(
      rows.map((r) => ({
        connection_id: r.connection_id,
        country_code: r.country_code,
        company_id: r.company_id,
        revision: Number(r.revision),
      })),
    );
    const deadlines = deadlinesWrite(
      files,
      (alias) =>
        sql`(${sql.raw(alias)}.connection_id, ${sql.raw(alias)}.country_code, ${sql.raw(alias)}.company_id) in (select * from marked)`,
    );
    const write = await executor.execute<{ written: number }>(sql`
      with marked as (
        update ${f} set ${sql.identifier(f.deadlinesFiled.name)} = true
        from jsonb_to_recordset(${read}::jsonb) as r(connection_id uuid, country_code text, company_id text, revision bigint)
        where ${f.connectionId} = r.connection_id and ${f.countryCode} = r.country_code and ${f.companyId} = r.company_id
          and ${f.revision} = r.revision and not ${f.deadlinesFiled}
        returning ${f.connectionId}, ${f.countryCode}, ${f.companyId}),
      deadlines_cleared as (${deadlines.clear}),
      deadlines_written as (${deadlines.write})
      select count(*)::int as written from marked`);
    filed += write.rows[0]?.written ?? 0;
    if (rows.length < batch) return filed;
  }
}
