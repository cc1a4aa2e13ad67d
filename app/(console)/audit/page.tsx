import type { Metadata } from "next";
import Link from "next/link";
import { ExportCsvLink } from "@/components/csv/export-csv-link";
import { FilterProblems } from "@/components/filters/filter-problems";
import { asOptions, FilterForm } from "@/components/filters/filter-form";
import { Button } from "@/components/ui/button";
import { DetailsInWords } from "@/components/vocabulary/details-in-words";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { auditActions } from "@/lib/audit/audit";
import { auditFilterParams, parseAuditFilters } from "@/lib/audit/audit-filters";
import { auditActors, listAudit } from "@/lib/audit/list-audit";
import { guardPage } from "@/lib/auth/guard-page";
import { caseReferenceMax } from "@/lib/forms/case-reference.shared";
import { markedLabel, optionsOf } from "@/lib/vocabulary/words.shared";

export const metadata: Metadata = { title: "Audit" };

function one(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

export default async function AuditPage({ searchParams }: PageProps<"/audit">) {
  await guardPage("readAudit");
  const params = await searchParams;
  const { filters, problems } = parseAuditFilters(params);
  const page = Math.max(1, Number.parseInt(one(params.page) ?? "1", 10) || 1);
  const [{ rows, total, pages }, actors] = await Promise.all([listAudit({ ...filters, page }), auditActors()]);
  const query = (p: number) => `?${new URLSearchParams({ ...auditFilterParams(filters), page: String(p) })}`;
  const exportQuery = new URLSearchParams(auditFilterParams(filters));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Audit log</h1>
          <p className="text-sm text-muted-foreground">Newest first. {total.toLocaleString("en")} entries match.</p>
        </div>
        <ExportCsvLink href={`/api/audit/export?${exportQuery}`} />
      </div>
      <FilterForm
        label="Filter the audit log"
        clearHref="/audit"
        fields={[
          { name: "actor", label: "Actor", value: filters.actor, anyLabel: "Everyone", options: asOptions(actors) },
          {
            name: "action",
            label: "Action",
            value: filters.action,
            anyLabel: "All actions",
            options: optionsOf("auditAction", auditActions),
          },
        ]}
        dates={[
          { name: "from", label: "From (UTC day)", value: filters.from },
          { name: "to", label: "To (UTC day)", value: filters.to },
        ]}
        texts={[
          { name: "company", label: "Company", value: filters.company, placeholder: "Name or number", maxLength: 200 },
          { name: "caseReference", label: "Case reference", value: filters.caseReference, maxLength: caseReferenceMax },
          { name: "target", label: "Target", value: filters.target, maxLength: 500 },
        ]}
      />
      <FilterProblems problems={problems} />
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-48">Time (UTC)</TableHead>
            <TableHead>Actor</TableHead>
            <TableHead>Action</TableHead>
            <TableHead>Target</TableHead>
            <TableHead>Details</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                No audit entries match these filters.
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="font-mono text-xs whitespace-nowrap">{row.at.toISOString().replace("T", " ").slice(0, 19)}</TableCell>
              <TableCell className="max-w-56 truncate">{row.actorEmail}</TableCell>
              <TableCell data-audit-action={row.action}>{markedLabel("auditAction", row.action)}</TableCell>
              <TableCell className="max-w-56 truncate">{row.target ?? "—"}</TableCell>
              <TableCell className="max-w-96 min-w-48">
                <DetailsInWords details={row.details} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <nav aria-label="Pages" className="flex items-center justify-between text-sm">
        <span className="text-muted-foreground">
          Page {page} of {pages}
        </span>
        <div className="flex gap-2">
          {page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <Link href={query(page - 1)}>Newer</Link>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled>
              Newer
            </Button>
          )}
          {page < pages ? (
            <Button asChild variant="outline" size="sm">
              <Link href={query(page + 1)}>Older</Link>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled>
              Older
            </Button>
          )}
        </div>
      </nav>
    </div>
  );
}
