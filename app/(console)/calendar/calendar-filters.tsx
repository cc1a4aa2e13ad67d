import { FilterForm } from "@/components/filters/filter-form";
import { caseReferenceMax } from "@/lib/forms/case-reference.shared";
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
  return (
    <FilterForm
      label="Filter the calendar"
      hidden={{ view: query.view, ...(query.view === "month" && { month: query.month }) }}
      fields={[
        {
          name: "country",
          label: "Country",
          value: query.country,
          anyLabel: "All countries",
          options: countries.map((country) => ({ value: country.code, label: country.label })),
        },
      ]}
      texts={[
        { name: "company", label: "Company (name or id)", value: query.company, maxLength: 200 },
        {
          name: "caseReference",
          label: "Case reference",
          value: query.caseReference,
          maxLength: caseReferenceMax,
          suggestions: caseReferences.length <= suggestedReferencesMax ? caseReferences : undefined,
        },
      ]}
      clearHref={`/calendar?view=${query.view}`}
    />
  );
}
