"use client";

import { count, credits } from "@/lib/vocabulary/units.shared";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from "react";
import { useLiveTopic } from "@/components/live/use-live-topic";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { continuationPlan, expandable, formatPercentNumber, parsePercent, selectExpandAbove } from "@/lib/graph/ownership-graph.shared";
import { liveTopics } from "@/lib/live/topics.shared";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import type { CompanyResponse, Graph } from "@/lib/registry/schemas.shared";
import { fetchStoredRequest } from "@/lib/requests/fetch-stored-request.shared";
import { FlowView } from "./flow-view";
import { MermaidView } from "./mermaid-view";
import { markedLabel } from "@/lib/vocabulary/words.shared";

type Failure = { code: string; error: string; registry?: RegistryErrorInfo };
/**
 * The server action that continues the graph from the chosen nodes (the page passes it in); with `refresh`, from
 * companies expanded before, capped at `confirmedCost`.
 */
export type ExpandGraph = (input: {
  requestId: string;
  nodeIds: string[];
  confirmedCost: number | null;
  refresh?: boolean;
}) => Promise<{ ok: true; data: { requestId: string } } | ({ ok: false } & Failure)>;

type Props = { requestId: string; snapshot: CompanyResponse; canExpand: boolean; expandGraph: ExpandGraph };

type Pending =
  { mode: "expand"; nodeIds: string[]; cost: number | null; label: string } | { mode: "refresh"; nodeIds: string[]; label: string };

/** What refreshing costs at most, as /api/requests/<id>/refresh-quote answers (lib/orders/graph-continuation.ts). */
type RefreshQuote = { chosen: string[]; through: string[]; cost: number | null; unpriced: string[] };

async function fetchRefreshQuote(requestId: string, nodeIds: string[]): Promise<RefreshQuote> {
  const query = nodeIds.map((id) => `node=${encodeURIComponent(id)}`).join("&");
  const response = await fetch(`/api/requests/${encodeURIComponent(requestId)}/refresh-quote?${query}`, { cache: "no-store" });
  const body = (await response.json().catch(() => undefined)) as { quote?: RefreshQuote; error?: { message: string } } | undefined;
  if (!response.ok || !body?.quote) throw new Error(body?.error?.message ?? `The console answered ${response.status}.`);
  return body.quote;
}

/** A request this tab started, followed live (and polled, in case webhooks are off) until its graph is final. */
function useFollowedRequest(requestId: string | null) {
  const queryKey = useMemo(() => ["request", requestId ?? ""], [requestId]);
  useLiveTopic(requestId ? liveTopics.request(requestId) : null, [queryKey]);
  const follow = useQuery({
    queryKey,
    enabled: requestId !== null,
    queryFn: async () => (await fetchStoredRequest(requestId!, { poll: true })).request,
    // Until the continued graph is final, ask again (webhooks may be off); live events refetch sooner.
    refetchInterval: (q) => (graphFinal(q.state.data?.snapshot) ? false : 1500),
  });
  return { follow, waiting: requestId !== null && !graphFinal(follow.data?.snapshot) };
}

/**
 * The dossier's Ownership tab (load it with next/dynamic: React Flow, elkjs and mermaid stay out of the
 * page's first load). The graph's description and metadata, the React Flow view (layout in a web worker)
 * and the Mermaid diagram; budget-truncated nodes can be expanded (a paid continuation of the request,
 * which this tab then follows live).
 */
export function OwnershipTab({ requestId, snapshot, canExpand, expandGraph }: Props) {
  const [continued, setContinued] = useState<string[]>([]);
  const latest = continued.at(-1) ?? null;
  const { follow, waiting: continuing } = useFollowedRequest(latest);

  // A refresh lists only its branch (and the way down to the root): once its graph is final, the page is read again,
  // and the tab draws what the page then gives it, the company file with the refreshed owners merged in (on a
  // request's page, that request's graph). Until the page has answered, the graph drawn before stays.
  const router = useRouter();
  const [refreshing, setRefreshing] = useState<{ requestId: string; label: string; before: CompanyResponse } | null>(null);
  const refreshed = useFollowedRequest(refreshing?.requestId ?? null);
  const refreshDone = refreshing !== null && !refreshed.waiting && refreshed.follow.data !== undefined;
  const pageRead = refreshDone && snapshot !== refreshing.before;
  const readFor = useRef<string | null>(null);
  useEffect(() => {
    if (!refreshDone || readFor.current === refreshing.requestId) return;
    readFor.current = refreshing.requestId;
    router.refresh();
  }, [refreshDone, refreshing, router]);

  const followedGraph = follow.data?.snapshot?.graph;
  const graph: Graph | undefined = latest && !pageRead ? (followedGraph ?? snapshot.graph) : snapshot.graph;
  const parentId = latest && !pageRead ? latest : requestId;
  const waiting = continuing || (refreshing !== null && !refreshDone);

  const [view, setView] = useState("graph");
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, startTransition] = useTransition();

  const askExpand = useCallback(
    (nodeIds: string[], label: string) => {
      if (!graph) return;
      const plan = continuationPlan(graph, nodeIds);
      setFailure(null);
      setPending({ mode: "expand", nodeIds: plan.chosen, cost: plan.costUnknown ? null : plan.estimatedCost, label });
    },
    [graph],
  );
  const refreshOne = useCallback(
    (nodeId: string) => {
      const node = graph?.nodes.find((n) => n.nodeId === nodeId);
      setFailure(null);
      setPending({ mode: "refresh", nodeIds: [nodeId], label: node?.company?.legalName ?? nodeId });
    },
    [graph],
  );
  const quote = useQuery({
    queryKey: ["refresh-quote", parentId, pending?.mode === "refresh" ? pending.nodeIds.join("\u0000") : ""],
    enabled: pending?.mode === "refresh",
    queryFn: () => fetchRefreshQuote(parentId, pending!.nodeIds),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const expandOne = useCallback(
    (nodeId: string) => {
      const node = graph?.nodes.find((n) => n.nodeId === nodeId);
      askExpand([nodeId], node?.company?.legalName ?? nodeId);
    },
    [graph, askExpand],
  );

  const confirm = (request: Pending, refreshCap?: number) => {
    startTransition(async () => {
      const result =
        request.mode === "refresh"
          ? await expandGraph({ requestId: parentId, nodeIds: request.nodeIds, confirmedCost: refreshCap ?? null, refresh: true })
          : await expandGraph({ requestId: parentId, nodeIds: request.nodeIds, confirmedCost: request.cost });
      if (result.ok) {
        setPending(null);
        if (request.mode === "refresh") {
          setRefreshing({ requestId: result.data.requestId, label: request.label, before: snapshot });
        } else {
          // Drawn from here on: this expansion's graph (a refresh's page, read again, is behind it).
          if (pageRead) setRefreshing(null);
          setContinued((list) => [...(pageRead ? [] : list), result.data.requestId]);
        }
      } else {
        setFailure({ code: result.code, error: result.error, registry: "registry" in result ? result.registry : undefined });
      }
    });
  };

  const status = snapshot.request.dataStatus?.dataPoints?.graph?.status;
  if (!graph) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="ownership-empty">
        {status === undefined ? "The ownership graph was not ordered for this request." : `No ownership graph yet (status: ${status}).`}
      </p>
    );
  }
  return (
    <section className="space-y-3" aria-label="Ownership" data-testid="ownership-tab">
      <GraphSummary graph={graph} />
      {latest && !pageRead && (
        <p role="status" className="rounded-md border px-3 py-2 text-sm" data-testid="continuation-status">
          {waiting ? "Continuing the graph: waiting for the registry… " : "Showing the continued graph "}
          (request{" "}
          <Link className="underline underline-offset-2" href={`/requests/${encodeURIComponent(latest!)}`}>
            {latest}
          </Link>
          ).{follow.isError && ` ${follow.error.message}`}
        </p>
      )}
      {refreshing && (
        <p role="status" className="rounded-md border px-3 py-2 text-sm" data-testid="refresh-status">
          {refreshDone
            ? `Refreshed the branch of ${refreshing.label} `
            : `Refreshing the branch of ${refreshing.label}: waiting for the registry… `}
          (request{" "}
          <Link className="underline underline-offset-2" href={`/requests/${encodeURIComponent(refreshing.requestId)}`}>
            {refreshing.requestId}
          </Link>
          ).{refreshed.follow.isError && ` ${refreshed.follow.error.message}`}
        </p>
      )}
      {canExpand && <ExpandAbove graph={graph} disabled={busy || waiting} onExpand={askExpand} />}
      <Tabs value={view} onValueChange={setView}>
        <TabsList>
          <TabsTrigger value="graph">Graph</TabsTrigger>
          <TabsTrigger value="mermaid">Mermaid</TabsTrigger>
        </TabsList>
        <TabsContent value="graph">
          <FlowView graph={graph} canExpand={canExpand && !busy && !waiting} onExpand={expandOne} onRefresh={refreshOne} />
        </TabsContent>
        <TabsContent value="mermaid">
          {graph.mermaidDiagram ? (
            <MermaidView diagram={graph.mermaidDiagram} onShowGraph={() => setView("graph")} />
          ) : (
            <p className="text-sm text-muted-foreground">The registry sent no Mermaid diagram for this graph.</p>
          )}
        </TabsContent>
      </Tabs>
      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && !busy && setPending(null)}>
        <AlertDialogContent>
          {pending?.mode === "refresh" ? (
            <RefreshConfirm
              pending={pending}
              quote={quote.data}
              quoteError={quote.isError ? quote.error.message : undefined}
              failure={failure}
              busy={busy}
              onConfirm={(cap) => confirm(pending, cap)}
            />
          ) : (
            <>
              <AlertDialogHeader>
                <AlertDialogTitle>Expand the ownership graph?</AlertDialogTitle>
                <AlertDialogDescription data-testid="expand-cost">
                  {pending &&
                    (pending.cost !== null
                      ? `Expanding ${pending.label} (${count(pending.nodeIds.length, "node")}) costs an estimated ${credits(pending.cost)}. The request is capped at that amount.`
                      : `Expanding ${pending.label} (${pending.nodeIds.length} nodes): the registry did not state the cost of every node, so the total is not known in advance. Only these nodes are expanded.`)}
                </AlertDialogDescription>
              </AlertDialogHeader>
              <FailureNote failure={failure} />
              <AlertDialogFooter>
                <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
                <Button disabled={busy || !pending || pending.nodeIds.length === 0} onClick={() => pending && confirm(pending)}>
                  {busy
                    ? "Expanding…"
                    : failure?.registry?.retryable
                      ? "Retry"
                      : pending?.mode === "expand" && pending.cost !== null
                        ? `Expand for ${credits(pending.cost)}`
                        : "Expand"}
                </Button>
              </AlertDialogFooter>
            </>
          )}
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

function FailureNote({ failure }: { failure: Failure | null }) {
  if (!failure) return null;
  return (
    <div role="alert" className="text-sm text-destructive">
      <code>{failure.code}</code>: {failure.error}
      {failure.registry?.retryAfter !== undefined && ` Try again in ${failure.registry.retryAfter} s.`}
    </div>
  );
}

const companies = (n: number) => `${n} ${n === 1 ? "company" : "companies"}`;

/**
 * The confirm of "Refresh this branch…": the price first (at most the ownership graph's price per company, for the
 * company and those between it and the root), or, when no price can be known, a cap the user types.
 */
function RefreshConfirm({
  pending,
  quote,
  quoteError,
  failure,
  busy,
  onConfirm,
}: {
  pending: Extract<Pending, { mode: "refresh" }>;
  quote: RefreshQuote | undefined;
  quoteError: string | undefined;
  failure: Failure | null;
  busy: boolean;
  onConfirm: (cap: number) => void;
}) {
  const [capText, setCapText] = useState("");
  const typedCap = /^\d+(?:[.,]\d{1,2})?$/.test(capText.trim()) ? Number(capText.trim().replace(",", ".")) : undefined;
  const cap = quote ? (quote.cost ?? (typedCap !== undefined && typedCap > 0 ? typedCap : undefined)) : undefined;
  const through = quote?.through.length ?? 0;
  const what =
    `Refreshing the branch of ${pending.label} asks the registry for its owners again` +
    (through ? `, and for those of the ${companies(through)} between it and the company on the way` : "") +
    ". The owners it lists replace the ones the file holds.";
  return (
    <>
      <AlertDialogHeader>
        <AlertDialogTitle>Refresh this branch?</AlertDialogTitle>
        <AlertDialogDescription data-testid="refresh-cost">
          {what}{" "}
          {quoteError
            ? `The price could not be read: ${quoteError}`
            : !quote
              ? "Reading the price…"
              : quote.cost !== null
                ? `It costs at most ${credits(quote.cost)} (the ownership graph's price per company for ${companies(quote.chosen.length + through)}; the registry does not charge twice for a company fetched within a day). The request is capped at that amount.`
                : `Its price is not known in advance: there is no price of the ownership graph for ${quote.unpriced.join(", ")}. Enter the most it may spend; the request is capped at that amount.`}
        </AlertDialogDescription>
      </AlertDialogHeader>
      {quote && quote.cost === null && (
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor="refresh-cap">Spend at most</label>
          <Input
            id="refresh-cap"
            inputMode="decimal"
            className="h-8 w-24"
            value={capText}
            onChange={(e) => setCapText(e.target.value)}
            aria-invalid={capText !== "" && cap === undefined}
          />
          <span>credits</span>
        </div>
      )}
      <FailureNote failure={failure} />
      <AlertDialogFooter>
        <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
        <Button disabled={busy || cap === undefined} onClick={() => cap !== undefined && onConfirm(cap)}>
          {busy
            ? "Refreshing…"
            : failure?.registry?.retryable
              ? "Retry"
              : cap === undefined
                ? "Refresh"
                : quote?.cost !== null
                  ? `Refresh for ${credits(cap)}`
                  : `Refresh for at most ${credits(cap)}`}
        </Button>
      </AlertDialogFooter>
    </>
  );
}

function graphFinal(snapshot: CompanyResponse | null | undefined): boolean {
  const status = snapshot?.request.dataStatus?.dataPoints?.graph?.status;
  return snapshot?.graph !== undefined && (status === "succeeded" || status === "failed");
}

function ExpandAbove({ graph, disabled, onExpand }: { graph: Graph; disabled: boolean; onExpand: (ids: string[], label: string) => void }) {
  const [threshold, setThreshold] = useState("25");
  const value = parsePercent(threshold);
  // The same plan (nodes, cost) the confirm dialog and the server action work out.
  const plan = useMemo(
    () => (value === undefined ? undefined : continuationPlan(graph, selectExpandAbove(graph.nodes, value))),
    [graph, value],
  );
  const expandableCount = useMemo(() => new Set(graph.nodes.filter(expandable).map((n) => n.nodeId)).size, [graph]);
  if (expandableCount === 0) return null;
  const shown = value === undefined ? "" : formatPercentNumber(value);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span>{expandableCount} node(s) were not expanded (budget).</span>
      <label htmlFor="expand-threshold">Expand all with accumulated ownership of at least</label>
      <Input
        id="expand-threshold"
        inputMode="decimal"
        className="h-8 w-20"
        value={threshold}
        onChange={(e) => setThreshold(e.target.value)}
        aria-invalid={value === undefined}
      />
      <span>%</span>
      {plan?.chosen.length === 0 ? (
        <span role="status" className="text-muted-foreground" data-testid="expand-above-none">
          No node left unexpanded has an accumulated ownership of at least {shown} %.
        </span>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={disabled || !plan}
          onClick={() => plan && onExpand(plan.chosen, `all nodes at or above ${shown} %`)}
        >
          {plan
            ? `Expand ${count(plan.chosen.length, "node")} at or above ${shown} % (${credits(plan.estimatedCost)}${plan.costUnknown ? `, ${plan.costUnknown} without a stated cost` : ""})`
            : "Enter a percentage from 0 to 100"}
        </Button>
      )}
    </div>
  );
}

function GraphSummary({ graph }: { graph: Graph }) {
  const m = graph.metadata;
  const value = (v: unknown) => (v === undefined || v === null ? "not reported" : String(v));
  return (
    <div className="space-y-2 text-sm">
      <p className="[overflow-wrap:anywhere]" data-testid="graph-description">
        {graph.description ?? "The registry gave no description of this graph."}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-5" data-testid="graph-metadata">
        <div>
          <dt className="text-muted-foreground">Why it stopped</dt>
          <dd>{value(m?.stoppedReason && markedLabel("graphStoppedReason", m.stoppedReason))}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Amount spent</dt>
          <dd>{m?.amountSpent !== undefined ? credits(m.amountSpent) : "not reported"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Companies fetched</dt>
          <dd>{value(m?.companiesFetched)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Companies skipped</dt>
          <dd>{value(m?.companiesSkipped)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Interactive</dt>
          <dd>{m?.interactive === undefined ? "not reported" : m.interactive ? "yes" : "no"}</dd>
        </div>
      </dl>
    </div>
  );
}
