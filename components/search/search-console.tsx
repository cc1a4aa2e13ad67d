"use client";

import { Loader2, RotateCw } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { ConnectionKeyRemedy } from "@/components/connections/connection-key-remedy";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { countryNames, registryCountries, type RegistryCountry } from "@/lib/registry/countries.shared";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { numberHint } from "@/lib/search/number-hints.shared";
import { lastCountryKey, parseSearchState, searchHref, searchProblem, type SearchState } from "@/lib/search/url-state.shared";
import { ResultList, type ResultListHandle } from "./result-list";
import { useSearchStream } from "./use-search-stream";

function rememberCountry(country: RegistryCountry) {
  document.cookie = `${lastCountryKey}=${country}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * The search page's client: the form, the URL as the search's state (`?country&q&transliterate`), and the
 * results streaming in from /api/search/stream.
 */
export function SearchConsole({ rememberedCountry }: { rememberedCountry?: RegistryCountry }) {
  const params = useSearchParams();
  const submitted = useMemo(() => parseSearchState(params), [params]);
  const runnable = submitted.country && !searchProblem(submitted) ? { ...submitted, country: submitted.country } : undefined;

  const [draft, setDraft] = useState<SearchState>(() => ({ ...submitted, country: submitted.country ?? rememberedCountry ?? "DE" }));
  const [problem, setProblem] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  // When the URL changes (back, forward, a shared link), the form shows that search.
  const [shown, setShown] = useState(params.toString());
  if (shown !== params.toString()) {
    setShown(params.toString());
    setDraft({ ...submitted, country: submitted.country ?? draft.country });
  }
  useEffect(() => {
    if (submitted.country) rememberCountry(submitted.country);
  }, [submitted.country]);

  const run = useSearchStream(runnable, attempt);
  const queryBox = useRef<HTMLInputElement>(null);
  const resultList = useRef<ResultListHandle>(null);
  const ids = { query: useId(), hint: useId(), problem: useId(), heading: useId() };
  // The page is for typing a search: the box has the focus on load (the results stay one Down arrow away).
  useEffect(() => queryBox.current?.focus(), []);
  const country = draft.country ?? "DE";

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const why = searchProblem(draft);
    setProblem(why);
    if (why) return;
    const href = searchHref({ ...draft, query: draft.query.trim() });
    if (href === `${window.location.pathname}${window.location.search}`) setAttempt((a) => a + 1);
    else window.history.pushState(null, "", href);
  };

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="flex flex-wrap items-start gap-3" aria-label="Search companies" noValidate>
        <label className="flex flex-col gap-1 text-sm">
          Country
          <NativeSelect
            name="country"
            value={country}
            onChange={(e) => {
              const next = e.target.value as RegistryCountry;
              setDraft((d) => ({ ...d, country: next }));
              rememberCountry(next);
            }}
          >
            {registryCountries.map((code) => (
              <option key={code} value={code}>
                {countryNames[code]} ({code})
              </option>
            ))}
          </NativeSelect>
        </label>
        <div className="flex min-w-64 flex-1 flex-col gap-1 text-sm">
          <label htmlFor={ids.query}>Name or number</label>
          <Input
            id={ids.query}
            name="q"
            type="search"
            value={draft.query}
            autoComplete="off"
            aria-describedby={`${ids.hint}${problem ? ` ${ids.problem}` : ""}`}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => setDraft((d) => ({ ...d, query: e.target.value }))}
            ref={queryBox}
            onKeyDown={(e) => {
              // Down arrow goes on into the results (their first row), as in a combobox; Up on that row comes back.
              if (
                e.key !== "ArrowDown" ||
                e.altKey ||
                e.ctrlKey ||
                e.metaKey ||
                e.shiftKey ||
                e.nativeEvent.isComposing ||
                !resultList.current
              )
                return;
              e.preventDefault();
              resultList.current.focusFirstRow();
            }}
          />
          <p id={ids.hint} className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
            {numberHint(country)}
          </p>
          {problem && (
            <p id={ids.problem} role="alert" className="text-xs text-destructive">
              {problem}
            </p>
          )}
        </div>
        <label className="flex items-center gap-2 pt-7 text-sm">
          <input
            type="checkbox"
            role="switch"
            name="transliterate"
            checked={draft.transliterate}
            onChange={(e) => setDraft((d) => ({ ...d, transliterate: e.target.checked }))}
            className="size-4 accent-primary"
          />
          Transliterate to Latin script
        </label>
        <Button type="submit" className="mt-6">
          Search
        </Button>
      </form>

      {runnable && (
        <section aria-labelledby={ids.heading} className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={ids.heading} className="text-lg font-semibold [overflow-wrap:anywhere]">
              Results for “{runnable.query.trim()}” in {countryNames[runnable.country]}
            </h2>
            <p
              role="status"
              aria-live="polite"
              className="flex items-center gap-2 text-sm text-muted-foreground"
              data-testid="search-status"
            >
              {run.status === "searching" && <Loader2 className="size-4 animate-spin" aria-hidden />}
              {statusText(run.status, run.results.length)}
            </p>
          </div>
          {run.status === "error" && run.error && <SearchError key={attempt} error={run.error} onRetry={() => setAttempt((a) => a + 1)} />}
          {run.results.length > 0 ? (
            <ResultList
              key={`${params.toString()}#${attempt}`}
              ref={resultList}
              results={run.results}
              lastEvent={run.lastEvent}
              labelledBy={ids.heading}
              onExitTop={() => queryBox.current?.focus()}
            />
          ) : (
            run.status === "complete" && (
              <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
                No company matches. Check the spelling, try the registration number, or switch transliteration.
              </p>
            )
          )}
          {run.results.length > 0 && (
            <p className="text-xs text-muted-foreground">
              Down arrow in the search box moves to the first result; arrow keys move through the results (Up on the first returns to the
              box), Enter opens the company.
            </p>
          )}
        </section>
      )}
    </div>
  );
}

function statusText(status: string, count: number): string {
  const n = `${count.toLocaleString("en")} result${count === 1 ? "" : "s"}`;
  if (status === "searching") return count ? `Still searching… ${n} so far` : "Still searching…";
  if (status === "complete") return `Search complete: ${n}`;
  if (status === "error") return count ? `Search stopped: ${n} before the error` : "Search stopped";
  return "";
}

function SearchError({ error, onRetry }: { error: RegistryErrorInfo; onRetry: () => void }) {
  const [waitUntil] = useState(() => (error.retryAfter ? Date.now() + error.retryAfter * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  useEffect(() => {
    if (!waitUntil) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [waitUntil]);
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/50 bg-destructive/5 px-4 py-3 text-sm"
    >
      <div className="min-w-0 space-y-1">
        <p className="[overflow-wrap:anywhere]">
          <code className="rounded bg-muted px-1 font-mono text-xs">{error.code}</code> {error.message}
        </p>
        {error.details.length > 0 && <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{error.details.join(" · ")}</p>}
        <ConnectionKeyRemedy code={error.code} />
        {error.retryAfter !== undefined && (
          <p className="text-xs" data-testid="retry-after">
            {left > 0 ? `The registry asks to wait: retry in ${left} s.` : "You can retry now."}
          </p>
        )}
      </div>
      <Button type="button" variant="outline" size="sm" onClick={onRetry} disabled={left > 0}>
        <RotateCw className="size-4" aria-hidden />
        Retry
      </Button>
    </div>
  );
}
