import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { usagePresets, type UsagePeriod } from "@/lib/workspaces/usage-period";

/**
 * Chooses the period the usage column covers, in the URL (so it can be shared and reloaded): a preset link, or a
 * plain GET form with from–to dates, which the page checks before anything is read.
 */
export function UsagePeriodPicker({ period }: { period: UsagePeriod }) {
  return (
    <div className="flex flex-wrap items-end gap-4">
      <nav aria-label="Usage period" className="flex gap-2">
        {Object.entries(usagePresets).map(([key, days]) => (
          <Button key={key} asChild size="sm" variant={period.kind === key ? "default" : "outline"}>
            <Link href={`/workspaces?period=${key}`} aria-current={period.kind === key ? "page" : undefined}>
              Last {days} days
            </Link>
          </Button>
        ))}
      </nav>
      <form method="get" action="/workspaces" aria-label="Usage between two dates" className="flex flex-wrap items-end gap-2">
        <label className="space-y-1 text-sm">
          <span className="block font-medium">From</span>
          <Input type="date" name="from" defaultValue={period.kind === "range" ? period.startDate : undefined} required />
        </label>
        <label className="space-y-1 text-sm">
          <span className="block font-medium">To</span>
          <Input type="date" name="to" defaultValue={period.kind === "range" ? period.endDate : undefined} required />
        </label>
        <Button type="submit" size="sm" variant={period.kind === "range" ? "default" : "outline"}>
          Show usage
        </Button>
      </form>
    </div>
  );
}
