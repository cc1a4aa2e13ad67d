import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AmbiguousReview, type AmbiguousRow } from "@/components/batches/ambiguous-review";
import { BatchConfirmForm, CancelBatchButton } from "@/components/batches/batch-confirm-form";
import { BatchProgressBar } from "@/components/batches/batch-progress-bar";
import { BatchRowsTable } from "@/components/batches/batch-rows-table";
import { BatchStatusBadge } from "@/components/batches/batch-status-badge";
import { ExportCsvLink } from "@/components/csv/export-csv-link";
import { FilterForm } from "@/components/filters/filter-form";
import { LiveBadge } from "@/components/live/live-badge";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { batchMatchStates, batchRowOutcomes } from "@/db/vocabulary";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { batchQuote, maxBatchConcurrency, type BatchQuote } from "@/lib/batches/batch-control";
import { batchProgress } from "@/lib/batches/batch-progress";
import { batchCounts, readBatch, readBatchRows } from "@/lib/batches/batch-records";
import { liveTopics } from "@/lib/live/topics.shared";
import { countryWords } from "@/lib/registry/countries.shared";
import { label, optionsOf } from "@/lib/vocabulary/words.shared";
import { cancelBatchAction, confirmBatchAction, resolveRowAction } from "./actions";

export const metadata: Metadata = { title: "List" };

/** Rows the table shows at most; the export has them all. */
const shownRows = 500;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const when = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
const pick = (value: string | string[] | undefined, allowed: readonly string[]) =>
  typeof value === "string" && allowed.includes(value) ? value : undefined;

export default async function BatchPage({ params, searchParams }: PageProps<"/portfolio/batches/[batchId]">) {
  const user = await guardPage("readPortfolio");
  const { batchId } = await params;
  const query = await searchParams;
  if (!uuid.test(batchId)) notFound();
  const batch = await readBatch(batchId);
  if (!batch) notFound();
  const [counts, rows, quote] = await Promise.all([batchCounts(batch.id), readBatchRows(batch.id), batchQuote(batch.id)]);
  const progress = batchProgress(batch, counts, new Date());
  const runs = can(user.role, "runBatches");
  const open = batch.status === "matching" || batch.status === "reviewing";

  const matchFilter = pick(query.match, batchMatchStates);
  const outcomeFilter = pick(query.outcome, batchRowOutcomes);
  const filtered = rows.filter((r) => (!matchFilter || r.matchState === matchFilter) && (!outcomeFilter || r.outcome === outcomeFilter));
  const ambiguous: AmbiguousRow[] = rows
    .filter((r) => r.matchState === "ambiguous" && r.outcome === "pending")
    .map((r) => ({
      id: r.id,
      rowNumber: r.rowNumber,
      name: r.input.name ?? "",
      number: r.input.number ?? "",
      countryCode: r.countryCode,
      candidates: r.candidates,
    }));
  const rowsToOrder = quote.countries.reduce((sum, c) => sum + c.rows, 0);

  return (
    <div className="space-y-6">
      <RefreshOnLive topic={liveTopics.batch(batch.id)} refreshOnMount={batch.status === "matching" || batch.status === "reviewing"} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="text-sm">
            <Link href="/portfolio/batches" className="text-primary underline underline-offset-4">
              Lists and campaigns
            </Link>
          </p>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold [overflow-wrap:anywhere]">
            {batch.fileName ?? label("batchKind", batch.kind)} <BatchStatusBadge status={batch.status} /> <LiveBadge />
          </h1>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {label("batchKind", batch.kind)} of {counts.rows.toLocaleString("en")} rows, started by {batch.createdByEmail} on{" "}
            {when(batch.createdAt)}. It runs on its own: close this page and come back.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExportCsvLink href={`/api/batches/${batch.id}/export`} label="Export the result" />
          {runs && (open || batch.status === "ordering") && <CancelBatchButton batchId={batch.id} cancel={cancelBatchAction} />}
        </div>
      </div>
      {query.uploaded === "again" && (
        <p role="status" className="rounded-md border border-warning/50 px-4 py-2 text-sm">
          This file was uploaded before, so this is the list it started: nothing was stored again and nothing is ordered twice.
        </p>
      )}

      <BatchProgressBar progress={progress} counts={counts} ordering={batch.status !== "matching" && batch.status !== "reviewing"} />

      {/* Mounted while the batch is open, so its last answer stays on screen when the live refresh drops the picked row. */}
      {open && <AmbiguousReview batchId={batch.id} rows={ambiguous} resolve={resolveRowAction} canResolve={runs} />}

      {open ? (
        <section aria-labelledby="price-title" className="space-y-3">
          <h2 id="price-title" className="text-lg font-semibold">
            Price
          </h2>
          <QuoteTable quote={quote} />
          {runs && batch.status === "reviewing" && (
            <BatchConfirmForm
              key={quote.total}
              batchId={batch.id}
              total={quote.total}
              rowsToOrder={rowsToOrder}
              concurrency={batch.concurrency}
              maxConcurrency={maxBatchConcurrency}
              confirm={confirmBatchAction}
              ready={quote.unpriced === 0}
            />
          )}
          {batch.status === "matching" && (
            <p className="text-sm text-muted-foreground">
              The price is final once every row is matched and priced; then you confirm it here.
            </p>
          )}
        </section>
      ) : (
        batch.capCredits !== null && (
          <p className="text-sm">
            Confirmed with a cap of {batch.capCredits.toLocaleString("en")} credits (priced at{" "}
            {(batch.quotedCredits ?? 0).toLocaleString("en")}
            ), {batch.concurrency} orders at once; {batch.reservedCredits.toLocaleString("en")} credits committed so far.
          </p>
        )
      )}

      <section aria-labelledby="rows-title" className="space-y-3">
        <h2 id="rows-title" className="text-lg font-semibold">
          Rows
        </h2>
        <FilterForm
          label="Filter the rows"
          clearHref={`/portfolio/batches/${batch.id}`}
          fields={[
            { name: "match", label: "Match", value: matchFilter, anyLabel: "Any", options: optionsOf("batchMatchState") },
            { name: "outcome", label: "Outcome", value: outcomeFilter, anyLabel: "Any", options: optionsOf("batchRowOutcome") },
          ]}
        />
        <p className="text-sm text-muted-foreground">
          {filtered.length.toLocaleString("en")} {filtered.length === 1 ? "row" : "rows"}
          {filtered.length > shownRows && `; the first ${shownRows} are shown, the export has them all`}.
        </p>
        <BatchRowsTable rows={filtered.slice(0, shownRows)} />
      </section>
    </div>
  );
}

/** What the batch will order, per country and in all, and what it will not, by reason. */
function QuoteTable({ quote }: { quote: BatchQuote }) {
  return (
    <div className="space-y-2">
      {quote.countries.length > 0 ? (
        <Table aria-label="Price per country">
          <TableHeader>
            <TableRow>
              <TableHead>Country</TableHead>
              <TableHead className="text-right">Companies</TableHead>
              <TableHead className="text-right">At most (credits)</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {quote.countries.map((c) => (
              <TableRow key={c.countryCode}>
                <TableCell>{countryWords(c.countryCode)}</TableCell>
                <TableCell className="text-right tabular-nums">{c.rows.toLocaleString("en")}</TableCell>
                <TableCell className="text-right tabular-nums">{c.credits.toLocaleString("en")}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell>Total</TableCell>
              <TableCell className="text-right tabular-nums">
                {quote.countries.reduce((s, c) => s + c.rows, 0).toLocaleString("en")}
              </TableCell>
              <TableCell className="text-right tabular-nums" data-quote-total>
                {quote.total.toLocaleString("en")}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      ) : (
        <p className="text-sm text-muted-foreground">No row is priced yet.</p>
      )}
      {quote.unpriced > 0 && (
        <p className="text-sm text-muted-foreground">
          {quote.unpriced.toLocaleString("en")} matched {quote.unpriced === 1 ? "row is" : "rows are"} still being priced.
        </p>
      )}
      {quote.skipped.length > 0 && (
        <div className="text-sm">
          <p>Not ordered:</p>
          <ul className="list-inside list-disc">
            {quote.skipped.map((s) => (
              <li key={s.reason}>
                {s.reason}: {s.rows.toLocaleString("en")} {s.rows === 1 ? "row" : "rows"}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
