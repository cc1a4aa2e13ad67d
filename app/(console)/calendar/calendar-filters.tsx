import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { caseReferenceMax } from "@/lib/forms/case-reference";
import type { CalendarQuery } from "@/lib/calendar/calendar-query";

/** Past this many case references, the field suggests none: a list of thousands would weigh more than the page. */
export const suggestedReferencesMax = 300;

/** The filters as a plain GET form (they live in the URL, so a link repeats them); the view and month ride along. */
export function CalendarFilters({
  query,
  countries,
  caseReferences,
}: {
  query: CalendarQuery;
  countries: { code: string; label: string }[];
  caseReferences: string[];
}) {
  const filtered = Boolean(query.country || query.company || query.caseReference);
  return (
    <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter the calendar">
      <input type="hidden" name="view" value={query.view} />
      {query.view === "month" && <input type="hidden" name="month" value={query.month} />}
      <label className="flex flex-col gap-1 text-sm">
        Country
        <NativeSelect name="country" defaultValue={query.country ?? ""}>
          <option value="">All countries</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.label}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Company (name or id)
        <Input name="company" defaultValue={query.company ?? ""} maxLength={200} className="w-56" />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Case reference
        <Input
          name="caseReference"
          defaultValue={query.caseReference ?? ""}
          maxLength={caseReferenceMax}
          className="w-48"
          list={caseReferences.length <= suggestedReferencesMax ? "case-references" : undefined}
        />
        {caseReferences.length <= suggestedReferencesMax && (
          <datalist id="case-references">
            {caseReferences.map((reference) => (
              <option key={reference} value={reference} />
            ))}
          </datalist>
        )}
      </label>
      <Button type="submit" size="sm">
        Apply
      </Button>
      {filtered && (
        <Button asChild variant="ghost" size="sm">
          <Link href={`/calendar?view=${query.view}`}>Clear</Link>
        </Button>
      )}
    </form>
  );
}
