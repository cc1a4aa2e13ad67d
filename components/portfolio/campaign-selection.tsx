"use client";

import { createContext, useContext, useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import type { ActionResult } from "@/lib/forms/action-result";

/**
 * Choosing portfolio companies for a review campaign: a tick per row, "every company on this page", and "all N
 * matching this filter" (the whole filter, not only the page); then "Refresh for review" starts the campaign and opens
 * its batch page, where the price and the one confirm are.
 */

export type StartCampaign = (input: {
  all: boolean;
  filters: Record<string, string>;
  companies: string[];
}) => Promise<ActionResult<{ batchId: string; companies: number; fresh: number }>>;

type Selection = {
  ticked: ReadonlySet<string>;
  all: boolean;
  toggle: (key: string) => void;
  setPage: (keys: readonly string[], on: boolean) => void;
};

const SelectionContext = createContext<Selection | undefined>(undefined);

function useSelection(): Selection {
  const selection = useContext(SelectionContext);
  if (!selection) throw new Error("Campaign ticks sit inside CampaignSelection.");
  return selection;
}

/** Holds the ticks of the page's rows and the toolbar's choice; `children` is the table, rendered on the server. */
export function CampaignSelection({
  total,
  max,
  filters,
  filtered,
  start,
  children,
}: {
  total: number;
  max: number;
  filters: Record<string, string>;
  filtered: boolean;
  start: StartCampaign;
  children: ReactNode;
}) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [all, setAll] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  const toggle = (key: string) => {
    setAll(false);
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  };
  const setPage = (keys: readonly string[], on: boolean) => {
    setAll(false);
    setTicked((current) => {
      const next = new Set(current);
      for (const key of keys)
        if (on) next.add(key);
        else next.delete(key);
      return next;
    });
  };
  const count = all ? total : ticked.size;
  const tooMany = count > max;
  const refresh = () => {
    setError(undefined);
    startTransition(async () => {
      const result = await start({ all, filters, companies: all ? [] : [...ticked] });
      if (result.ok) router.push(`/portfolio/batches/${result.data.batchId}`);
      else setError(result.error);
    });
  };
  const scope = filtered ? "matching this filter" : "in the portfolio";

  return (
    <SelectionContext.Provider value={{ ticked, all, toggle, setPage }}>
      <div
        role="group"
        aria-label="Refresh for review"
        className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-sm"
        data-testid="campaign-toolbar"
      >
        <span role="status" className="min-w-0 [overflow-wrap:anywhere]">
          {count === 0
            ? "Tick companies (or choose all) to refresh what is stale in their files for a review."
            : all
              ? `All ${total.toLocaleString("en")} companies ${scope} selected.`
              : `${count.toLocaleString("en")} ${count === 1 ? "company" : "companies"} selected.`}
        </span>
        {total > 0 && !all && (
          <Button type="button" variant="outline" size="sm" onClick={() => setAll(true)} disabled={total > max}>
            Select all {total.toLocaleString("en")} {scope}
          </Button>
        )}
        {count > 0 && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setAll(false);
              setTicked(new Set());
            }}
          >
            Clear the selection
          </Button>
        )}
        <Button type="button" size="sm" onClick={refresh} disabled={count === 0 || tooMany || pending} aria-busy={pending}>
          {pending ? "Starting the campaign…" : "Refresh for review"}
        </Button>
        {total > max && !all && (
          <span className="text-xs text-muted-foreground">
            At most {max.toLocaleString("en")} companies a campaign: narrow the filter to choose all.
          </span>
        )}
        {error && (
          <p role="alert" className="basis-full text-destructive">
            {error}
          </p>
        )}
      </div>
      {children}
    </SelectionContext.Provider>
  );
}

/** The header's tick: every company on this page. */
export function CampaignPageTick({ keys }: { keys: readonly string[] }) {
  const { ticked, all, setPage } = useSelection();
  const on = all || (keys.length > 0 && keys.every((key) => ticked.has(key)));
  const some = !on && keys.some((key) => ticked.has(key));
  return (
    <Checkbox
      aria-label="Select every company on this page"
      checked={on ? true : some ? "indeterminate" : false}
      disabled={all}
      onCheckedChange={() => setPage(keys, !on)}
    />
  );
}

/** A row's tick. */
export function CampaignTick({ companyKey, name }: { companyKey: string; name: string }) {
  const { ticked, all, toggle } = useSelection();
  return (
    <Checkbox
      aria-label={`Select ${name}`}
      checked={all || ticked.has(companyKey)}
      disabled={all}
      onCheckedChange={() => toggle(companyKey)}
      data-company-tick={companyKey}
    />
  );
}
