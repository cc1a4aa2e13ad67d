import { FilterForm, type FilterOption } from "@/components/filters/filter-form";
import type { Assignee } from "@/components/alerts/triage-controls";
import { inboxQuery, type InboxSearch } from "@/lib/alerts/inbox-filter";
import { categoryLabel } from "@/lib/alerts/labels.shared";
import { changeCategories } from "@/lib/registry/schemas.shared";

/** The options, and the URL's value among them when it is not one of them (a user no longer assignable, a new category). */
const keeping = (options: FilterOption[], value: string | undefined): FilterOption[] =>
  value && !options.some((option) => option.value === value) ? [...options, { value, label: value }] : options;

/** The inbox's filters as a plain GET form: they live in the URL, so a link or a reload repeats them. */
export function InboxFilters({ search, users }: { search: InboxSearch; users: readonly Assignee[] }) {
  return (
    <FilterForm
      label="Filter alerts"
      action="/alerts"
      clearHref={`/alerts${inboxQuery({ sort: search.sort })}`}
      fields={[
        {
          name: "state",
          label: "State",
          value: search.state,
          anyLabel: "Open (new or in review)",
          options: [
            { value: "new", label: "New" },
            { value: "in_review", label: "In review" },
            { value: "resolved", label: "Resolved" },
            { value: "any", label: "Any state" },
          ],
        },
        {
          name: "assignee",
          label: "Assignee",
          value: search.assignee,
          anyLabel: "Anyone",
          options: keeping(
            [
              { value: "mine", label: "Mine" },
              { value: "unassigned", label: "Unassigned" },
              ...users.map((u) => ({ value: u.id, label: u.email })),
            ],
            search.assignee,
          ),
        },
        {
          name: "category",
          label: "Category",
          value: search.category,
          anyLabel: "Any category",
          options: keeping(
            changeCategories.map((c) => ({ value: c, label: categoryLabel(c) })),
            search.category,
          ),
        },
        {
          name: "kind",
          label: "Test or real",
          value: search.kind,
          anyLabel: "Both",
          options: [
            { value: "real", label: "Real" },
            { value: "test", label: "Test" },
          ],
        },
      ]}
      texts={[
        { name: "country", label: "Country", value: search.country, placeholder: "DE", maxLength: 2 },
        { name: "company", label: "Company", value: search.company, placeholder: "Part of id or name" },
        { name: "monitor", label: "Monitor", value: search.monitor, placeholder: "Monitor id" },
      ]}
      dates={[
        { name: "from", label: "Received from", value: search.from },
        { name: "to", label: "Received to", value: search.to },
      ]}
      sorts={[
        {
          name: "sort",
          label: "Sort",
          value: search.sort,
          anyLabel: "Newest notification first",
          options: [{ value: "due", label: "Due soonest first" }],
        },
      ]}
    />
  );
}
