"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLiveTopic } from "@/components/live/use-live-topic";
import type { TierBacktest } from "@/lib/billing/backtest";
import { backtestUrl } from "@/lib/billing/backtest-url.shared";
import type { HighUsageTier } from "@/lib/billing/effective-settings.shared";
import { creditsFromCents, utcDayMonth, utcDayMonthTime, windowWords } from "@/lib/vocabulary/units.shared";
import { label } from "@/lib/vocabulary/words.shared";
import type { BacktestAnswer } from "@/lib/billing/workspace-backtest";
import { liveTopics } from "@/lib/live/topics.shared";

/**
 * The backtest of a draft override, shown in the override editor before saving: "in the last 30 days this would
 * have fired N times, first on …". `draft` is the EFFECTIVE setting the draft would give (inherited fields resolved).
 */
export type BacktestDraft = { enabled: boolean; periodMinutes: number; tiers: HighUsageTier[] };

const queryKey = "billing-backtest";
/** The draft changes as the user types: ask once it has been still this long. */
const settleMs = 400;

class BacktestFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function fetchBacktest(url: string): Promise<BacktestAnswer> {
  const response = await fetch(url, { cache: "no-store" });
  const body = (await response.json().catch(() => undefined)) as
    (BacktestAnswer & { error?: { code: string; message: string } }) | undefined;
  if (!response.ok || !body) {
    throw new BacktestFailure(body?.error?.code ?? `http_${response.status}`, body?.error?.message ?? "The console did not answer.");
  }
  return body;
}

/** `value`, once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const times = (n: number) => (n === 1 ? "once" : `${n.toLocaleString("en")} times`);

function TierLine({ result, windowText, highestCents }: { result: TierBacktest; windowText: string; highestCents: number }) {
  const tier = `the ${label("billingTier", result.tier)} tier (${creditsFromCents(result.cents)})`;
  return (
    <li data-backtest-tier={result.tier} data-fires={result.fires}>
      {result.first
        ? `In the last 30 days ${tier} would have fired ${times(result.fires)}, first on ${utcDayMonthTime(result.first.atMs)} UTC ` +
          `(${creditsFromCents(result.first.spentCents)} in the ${windowText} window)` +
          (result.last && result.fires > 1 ? `, last on ${utcDayMonthTime(result.last.atMs)} UTC.` : ".")
        : `In the last 30 days ${tier} would not have fired: the spend in any ${windowText} window reached ${creditsFromCents(highestCents)} at most.`}
    </li>
  );
}

function Answer({ answer, windowText }: { answer: BacktestAnswer; windowText: string }) {
  const whose =
    answer.source === "registry"
      ? "this workspace's charges as the registry reports them"
      : "the costs this console recorded for its own requests through this connection, every workspace together (the registry offers no usage report; requests by other clients are not included)";
  return (
    <>
      <ul className="list-disc space-y-1 pl-5">
        {answer.tiers.map((result) => (
          <TierLine key={result.tier} result={result} windowText={windowText} highestCents={answer.highestCents} />
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">
        Replayed {answer.charges.toLocaleString("en")} charges of {whose}, {utcDayMonth(answer.fromMs)} to {utcDayMonth(answer.toMs)} (UTC).
      </p>
    </>
  );
}

/** The backtest of `draft` over `workspaceId`'s last 30 days of spend (GET /api/billing/backtest), refreshed on billing events. */
export function BacktestPanel({ workspaceId, draft }: { workspaceId: string; draft: BacktestDraft }) {
  const url = useSettled(backtestUrl(workspaceId, draft), settleMs);
  useLiveTopic(liveTopics.billing, [[queryKey]]);
  const { data, error, isFetching } = useQuery({
    queryKey: [queryKey, url],
    queryFn: () => fetchBacktest(url),
    enabled: draft.enabled,
    staleTime: 60_000,
    // Billing events invalidate it only while the editor is open: opened again, it asks afresh (spend may have moved).
    refetchOnMount: "always",
    retry: false,
  });
  const windowText = windowWords(draft.periodMinutes);
  const stale = url !== backtestUrl(workspaceId, draft);

  return (
    <section
      aria-label="Backtest of this draft"
      className="space-y-2 rounded-md border border-dashed p-3 text-sm"
      data-testid="backtest-panel"
    >
      <p className="font-medium">Backtest: how often would this draft have fired?</p>
      <div aria-live="polite" aria-busy={isFetching || stale}>
        {!draft.enabled ? (
          <p>With high-usage notifications off, this draft would not have fired at all.</p>
        ) : error ? (
          <p role="alert" className="text-destructive">
            The backtest failed: <code>{error instanceof BacktestFailure ? error.code : "error"}</code>: {error.message}
          </p>
        ) : data ? (
          <Answer answer={data} windowText={windowText} />
        ) : (
          <p className="text-muted-foreground">Replaying the last 30 days…</p>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        The registry&apos;s rule, replayed here: a tier fires when a charge takes the workspace&apos;s spend over the last {windowText} to
        or above it, once; it fires again only after the spend in that window was below it just before a later charge. Every tier starts
        armed 30 days ago.
      </p>
    </section>
  );
}
