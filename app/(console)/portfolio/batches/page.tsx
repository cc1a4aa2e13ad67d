import type { Metadata } from "next";
import Link from "next/link";
import { LiveBadge } from "@/components/live/live-badge";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { BatchStatusBadge } from "@/components/batches/batch-status-badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { batchCounts, listBatches } from "@/lib/batches/batch-records";
import { liveTopics } from "@/lib/live/topics.shared";
import { label } from "@/lib/vocabulary/words.shared";

export const metadata: Metadata = { title: "Lists and campaigns" };

const when = (at: Date) => at.toISOString().slice(0, 16).replace("T", " ");

export default async function BatchesPage() {
  const user = await guardPage("readPortfolio");
  const list = await listBatches();
  const counts = await Promise.all(list.map((batch) => batchCounts(batch.id)));
  return (
    <div className="space-y-4">
      <RefreshOnLive topic={liveTopics.batches} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-semibold">
            Lists and campaigns <LiveBadge />
          </h1>
          <p className="text-sm text-muted-foreground">
            Customer lists imported and review campaigns started, newest first, updated live. Each runs on its own: close the page and come
            back.
          </p>
        </div>
        {can(user.role, "runBatches") && (
          <Button asChild size="sm">
            <Link href="/portfolio/import">Import a list</Link>
          </Button>
        )}
      </div>
      {list.length === 0 ? (
        <p role="status" className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No list imported and no campaign started yet.
        </p>
      ) : (
        <Table aria-label="Lists and campaigns" stacked>
          <TableHeader>
            <TableRow>
              <TableHead>List</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Rows</TableHead>
              <TableHead>Started by</TableHead>
              <TableHead>Started</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((batch, i) => {
              const c = counts[i]!;
              return (
                <TableRow key={batch.id}>
                  <TableCell data-label="List" className="max-w-72 [overflow-wrap:anywhere]">
                    <Link href={`/portfolio/batches/${batch.id}`} className="text-primary underline-offset-4 hover:underline">
                      {batch.fileName ?? label("batchKind", batch.kind)}
                    </Link>
                    <div className="text-xs text-muted-foreground">{label("batchKind", batch.kind)}</div>
                  </TableCell>
                  <TableCell data-label="Status">
                    <BatchStatusBadge status={batch.status} />
                  </TableCell>
                  <TableCell data-label="Rows" className="text-sm">
                    <div className="tabular-nums">{c.rows.toLocaleString("en")} rows</div>
                    <div className="text-xs text-muted-foreground">
                      {c.match.matched.toLocaleString("en")} matched · {c.match.ambiguous.toLocaleString("en")} ambiguous ·{" "}
                      {(c.outcome.ordered + c.outcome.completed).toLocaleString("en")} ordered
                    </div>
                  </TableCell>
                  <TableCell data-label="Started by" className="[overflow-wrap:anywhere]">
                    {batch.createdByEmail}
                  </TableCell>
                  <TableCell data-label="Started" className="tabular-nums">
                    {when(batch.createdAt)} UTC
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
