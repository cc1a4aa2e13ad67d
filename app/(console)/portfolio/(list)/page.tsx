import type { Metadata } from "next";
import Link from "next/link";
import { ExportCsvLink } from "@/components/csv/export-csv-link";
import { CompanyLink } from "@/components/dossier/company-link";
import { FilterForm } from "@/components/filters/filter-form";
import { FilterProblems } from "@/components/filters/filter-problems";
import { LiveBadge } from "@/components/live/live-badge";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { CampaignPageTick, CampaignSelection, CampaignTick } from "@/components/portfolio/campaign-selection";
import { RatingBadge } from "@/components/portfolio/rating-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { campaignMaxCompanies } from "@/lib/batches/campaign";
import { caseReferenceMax } from "@/lib/forms/case-reference.shared";
import { liveTopics } from "@/lib/live/topics.shared";
import { dueFilters, parsePortfolioFilters, portfolioFilterParams, ratingFilters } from "@/lib/portfolio/portfolio-filters";
import { listPortfolio, portfolioOwners, type PortfolioRow } from "@/lib/portfolio/portfolio-list";
import { reviewDueFromToday } from "@/lib/reviews/review-dates.shared";
import { countryNames, registryCountries } from "@/lib/registry/countries.shared";
import { complianceFlagNames } from "@/lib/registry/schemas.shared";
import { reviewPolicyInForce } from "@/lib/risk/review-policy-store";
import { openReviewQueueCount } from "@/lib/reviews/review-queue";
import { label, optionsOf } from "@/lib/vocabulary/words.shared";
import { startCampaignAction } from "../actions";

export const metadata: Metadata = { title: "Portfolio" };

const ratingOptions = ratingFilters.map((value) => ({ value, label: value === "unrated" ? "Not rated yet" : label("riskRating", value) }));
const dueOptions = dueFilters.map((value) => ({ value, label: value === "overdue" ? "Overdue" : "Due in the next 30 days" }));
const countryOptions = registryCountries.map((code) => ({ value: code, label: `${countryNames[code]} (${code})` }));
const monitoredOptions = [
  { value: "yes", label: "Monitored" },
  { value: "no", label: "Not monitored" },
];
const dueVariants = { overdue: "destructive", soon: "warning", later: "secondary", none: "outline" } as const;

const day = (at: Date) => at.toISOString().slice(0, 10);

export default async function PortfolioPage({ searchParams }: PageProps<"/portfolio">) {
  const user = await guardPage("readPortfolio");
  const canRefresh = can(user.role, "runBatches");
  const params = await searchParams;
  const { filters, cursor, problems } = parsePortfolioFilters(params);
  const now = new Date();
  const [policy, owners, waiting] = await Promise.all([reviewPolicyInForce(), portfolioOwners(), openReviewQueueCount(user.id)]);
  const { rows, total, next, previous } = await listPortfolio(filters, { cursor, now, scope: policy.portfolioScope });
  const filterParams = portfolioFilterParams(filters);
  const filtered = Object.keys(filterParams).length > 0;
  const pageHref = (direction: "after" | "before", position: string) =>
    `?${new URLSearchParams({ ...filterParams, [direction]: position })}`;
  const exportQuery = new URLSearchParams(filterParams).toString();

  return (
    <div className="space-y-4">
      <RefreshOnLive topic={liveTopics.portfolio} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-semibold">
            Portfolio <LiveBadge />
          </h1>
          <p className="text-sm text-muted-foreground">
            {label("portfolioScope", policy.portfolioScope)}, soonest review first, updated live. {total.toLocaleString("en")}{" "}
            {total === 1 ? "company matches" : "companies match"}.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {waiting > 0 && (
            <Button asChild variant="outline" size="sm">
              <Link href="/portfolio/review-queue">
                Review queue: {waiting.toLocaleString("en")} {waiting === 1 ? "company waits" : "companies wait"}
              </Link>
            </Button>
          )}
          <Button asChild variant="outline" size="sm">
            <Link href="/portfolio/batches">Lists and campaigns</Link>
          </Button>
          {can(user.role, "runBatches") && (
            <Button asChild variant="outline" size="sm">
              <Link href="/portfolio/import">Import a list</Link>
            </Button>
          )}
          <ExportCsvLink href={`/api/portfolio/export${exportQuery && `?${exportQuery}`}`} />
        </div>
      </div>
      <FilterForm
        label="Filter the portfolio"
        clearHref="/portfolio"
        fields={[
          { name: "rating", label: "Risk rating", value: filters.rating, anyLabel: "Any", options: ratingOptions },
          { name: "due", label: "Review due", value: filters.due, anyLabel: "Any time", options: dueOptions },
          { name: "country", label: "Country", value: filters.country, anyLabel: "Any", options: countryOptions },
          {
            name: "owner",
            label: "Owner",
            value: filters.owner,
            anyLabel: "Anyone",
            options: [
              { value: "none", label: "Nobody" },
              ...owners.map((o) => ({ value: o.id, label: o.name ? `${o.name} (${o.email})` : o.email })),
            ],
          },
          { name: "monitored", label: "Monitoring", value: filters.monitored, anyLabel: "Any", options: monitoredOptions },
          {
            name: "flag",
            label: "Compliance flag",
            value: filters.flag,
            anyLabel: "Any",
            options: optionsOf("complianceFlag", complianceFlagNames),
          },
        ]}
        texts={[{ name: "caseReference", label: "Case reference", value: filters.caseReference, maxLength: caseReferenceMax }]}
      />
      <FilterProblems problems={problems} />
      {rows.length === 0 ? (
        <EmptyPortfolio filtered={filtered} paged={cursor !== undefined} customersOnly={policy.portfolioScope === "customers"} />
      ) : (
        <CampaignTable canRefresh={canRefresh} total={total} filters={filterParams} filtered={filtered}>
          <Table aria-label="Portfolio">
            <TableHeader>
              <TableRow>
                {canRefresh && (
                  <TableHead className="w-8">
                    <CampaignPageTick keys={rows.map((row) => `${row.countryCode}:${row.companyId}`)} />
                  </TableHead>
                )}
                <TableHead>Company</TableHead>
                <TableHead>Risk</TableHead>
                <TableHead>Last review</TableHead>
                <TableHead>Next review</TableHead>
                <TableHead>Monitoring</TableHead>
                <TableHead>Compliance flags</TableHead>
                <TableHead>Case references</TableHead>
                <TableHead>Owner</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <PortfolioTableRow key={`${row.connectionId}:${row.countryCode}:${row.companyId}`} row={row} now={now} tick={canRefresh} />
              ))}
            </TableBody>
          </Table>
        </CampaignTable>
      )}
      {(previous || next || cursor) && (
        <nav aria-label="Pages" className="flex flex-wrap items-center gap-2 text-sm">
          {cursor && (
            <Button asChild variant="outline" size="sm">
              <Link href={`?${new URLSearchParams(filterParams)}`}>First page</Link>
            </Button>
          )}
          <PageLink href={previous && pageHref("before", previous)}>Previous</PageLink>
          <PageLink href={next && pageHref("after", next)}>Next</PageLink>
        </nav>
      )}
    </div>
  );
}

/** A link to another page of the list, or the same words disabled where there is none. */
function PageLink({ href, children }: { href: string | undefined; children: string }) {
  return href ? (
    <Button asChild variant="outline" size="sm">
      <Link href={href}>{children}</Link>
    </Button>
  ) : (
    <Button variant="outline" size="sm" disabled>
      {children}
    </Button>
  );
}

function EmptyPortfolio({ filtered, paged, customersOnly }: { filtered: boolean; paged: boolean; customersOnly: boolean }) {
  const text = paged
    ? "No more companies on this page: the list changed since. Go back to the first page."
    : filtered
      ? "No company matches these filters. Clear a filter to see more of the portfolio."
      : customersOnly
        ? "The portfolio is empty: only companies marked customer are in it. Open a company's page and switch on “Customer” to add it."
        : "The portfolio is empty. A company joins it when its company file is stored here: search for a company and order its profile.";
  return (
    <p role="status" className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
      {text}
    </p>
  );
}

/** The table, with the campaign's ticks and toolbar for a user who may start one. */
function CampaignTable({
  canRefresh,
  children,
  ...selection
}: {
  canRefresh: boolean;
  total: number;
  filters: Record<string, string>;
  filtered: boolean;
  children: React.ReactNode;
}) {
  if (!canRefresh) return children;
  return (
    <CampaignSelection
      total={selection.total}
      max={campaignMaxCompanies}
      filters={selection.filters}
      filtered={selection.filtered}
      start={startCampaignAction}
    >
      {children}
    </CampaignSelection>
  );
}

function PortfolioTableRow({ row, now, tick }: { row: PortfolioRow; now: Date; tick: boolean }) {
  const due = reviewDueFromToday(row.nextReviewDue, now);
  const key = `${row.countryCode}:${row.companyId}`;
  return (
    <TableRow data-company={key}>
      {tick && (
        <TableCell className="w-8 align-top">
          <CampaignTick companyKey={key} name={row.companyName ?? row.companyId} />
        </TableCell>
      )}
      <TableCell className="max-w-64 align-top">
        <CompanyLink countryCode={row.countryCode} id={row.companyId}>
          {row.companyName ?? row.companyId}
        </CompanyLink>
        <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {countryNames[row.countryCode as keyof typeof countryNames] ?? row.countryCode} · {row.companyId}
        </div>
        {row.customer && <div className="text-xs text-muted-foreground">Customer</div>}
      </TableCell>
      <TableCell className="max-w-80 min-w-48 align-top" data-column="risk">
        <div className="flex flex-wrap items-center gap-1">
          <RatingBadge rating={row.rating} pinned={row.pinned} />
          {row.score !== null && <span className="text-xs text-muted-foreground tabular-nums">score {row.score}</span>}
        </div>
        {row.rating === null && <div className="text-xs text-muted-foreground">The rating is not computed yet.</div>}
        {row.incomplete && (
          <div className="text-xs font-medium text-warning-foreground">Incomplete: part of the ownership is not known.</div>
        )}
        {row.topReasons.length > 0 && (
          <ul className="mt-1 list-inside list-disc text-xs [overflow-wrap:anywhere]">
            {row.topReasons.slice(0, 3).map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
      </TableCell>
      <TableCell className="min-w-36 align-top text-sm">
        {row.lastReview ? (
          <>
            <div className="tabular-nums">{day(row.lastReview.at)}</div>
            <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">by {row.lastReview.by}</div>
            <div className="text-xs">{label("reviewOutcome", row.lastReview.outcome)}</div>
          </>
        ) : (
          <span className="text-xs text-muted-foreground">Never reviewed</span>
        )}
      </TableCell>
      <TableCell className="min-w-36 align-top text-sm">
        <Badge variant={dueVariants[due.tone]} data-due={due.tone}>
          {due.text}
        </Badge>
        {row.nextReviewDue && <div className="text-xs text-muted-foreground tabular-nums">{day(row.nextReviewDue)}</div>}
      </TableCell>
      <TableCell className="min-w-32 align-top text-sm">
        {row.monitored ? "Monitored" : <span className="text-muted-foreground">Not monitored</span>}
        <div className="text-xs text-muted-foreground">
          {row.openAlerts === 0 ? "No open alerts" : row.openAlerts === 1 ? "1 open alert" : `${row.openAlerts} open alerts`}
        </div>
      </TableCell>
      <TableCell className="min-w-36 align-top text-sm">
        {row.activeFlags.length === 0 ? (
          <span className="text-xs text-muted-foreground">None</span>
        ) : (
          <ul className="text-xs">
            {row.activeFlags.map((flag) => (
              <li key={flag}>{label("complianceFlag", flag)}</li>
            ))}
          </ul>
        )}
      </TableCell>
      <TableCell className="max-w-48 align-top text-sm [overflow-wrap:anywhere]">
        {row.caseReferences.length === 0 ? <span className="text-xs text-muted-foreground">None</span> : row.caseReferences.join(", ")}
      </TableCell>
      <TableCell className="max-w-48 align-top text-sm [overflow-wrap:anywhere]">
        {row.owner ? row.owner.name || row.owner.email : <span className="text-xs text-muted-foreground">Nobody</span>}
      </TableCell>
    </TableRow>
  );
}
