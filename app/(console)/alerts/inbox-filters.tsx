import Link from "next/link";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import type { Assignee } from "@/components/alerts/triage-controls";
import { inboxQuery, isFiltered, type InboxSearch } from "@/lib/alerts/inbox-filter";
import { categoryLabel } from "@/lib/alerts/labels.shared";
import { changeCategories } from "@/lib/registry/schemas.shared";

const inputClass = "h-9 rounded-md border border-input bg-background px-3 text-sm";

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** The inbox's filters as a plain GET form: they live in the URL, so a link or a reload repeats them. */
export function InboxFilters({ search, users }: { search: InboxSearch; users: readonly Assignee[] }) {
  // A user id from the URL that is no longer assignable stays selectable.
  const assigneeKnown = !search.assignee || ["mine", "unassigned"].includes(search.assignee) || users.some((u) => u.id === search.assignee);
  return (
    <form method="get" action="/alerts" className="flex flex-wrap items-end gap-3" aria-label="Filter alerts">
      <Field id="filter-state" label="State">
        <NativeSelect id="filter-state" name="state" defaultValue={search.state ?? ""}>
          <option value="">Open (new or in review)</option>
          <option value="new">New</option>
          <option value="in_review">In review</option>
          <option value="resolved">Resolved</option>
          <option value="any">Any state</option>
        </NativeSelect>
      </Field>
      <Field id="filter-assignee" label="Assignee">
        <NativeSelect id="filter-assignee" name="assignee" defaultValue={search.assignee ?? ""}>
          <option value="">Anyone</option>
          <option value="mine">Mine</option>
          <option value="unassigned">Unassigned</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.email}
            </option>
          ))}
          {!assigneeKnown && <option value={search.assignee}>{search.assignee}</option>}
        </NativeSelect>
      </Field>
      <Field id="filter-category" label="Category">
        <NativeSelect id="filter-category" name="category" defaultValue={search.category ?? ""}>
          <option value="">Any category</option>
          {changeCategories.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
          {search.category && !(changeCategories as readonly string[]).includes(search.category) && (
            <option value={search.category}>{search.category}</option>
          )}
        </NativeSelect>
      </Field>
      <Field id="filter-country" label="Country">
        <input
          id="filter-country"
          name="country"
          defaultValue={search.country ?? ""}
          placeholder="DE"
          maxLength={2}
          className={`${inputClass} w-20`}
        />
      </Field>
      <Field id="filter-company" label="Company">
        <input
          id="filter-company"
          name="company"
          defaultValue={search.company ?? ""}
          placeholder="Part of id or name"
          className={`${inputClass} w-40`}
        />
      </Field>
      <Field id="filter-monitor" label="Monitor">
        <input
          id="filter-monitor"
          name="monitor"
          defaultValue={search.monitor ?? ""}
          placeholder="Monitor id"
          className={`${inputClass} w-40`}
        />
      </Field>
      <Field id="filter-kind" label="Test or real">
        <NativeSelect id="filter-kind" name="kind" defaultValue={search.kind ?? ""}>
          <option value="">Both</option>
          <option value="real">Real</option>
          <option value="test">Test</option>
        </NativeSelect>
      </Field>
      <Field id="filter-from" label="Received from">
        <input id="filter-from" name="from" type="date" defaultValue={search.from ?? ""} className={inputClass} />
      </Field>
      <Field id="filter-to" label="Received to">
        <input id="filter-to" name="to" type="date" defaultValue={search.to ?? ""} className={inputClass} />
      </Field>
      <Field id="filter-sort" label="Sort">
        <NativeSelect id="filter-sort" name="sort" defaultValue={search.sort ?? ""}>
          <option value="">Newest notification first</option>
          <option value="due">Due soonest first</option>
        </NativeSelect>
      </Field>
      <Button type="submit" size="sm">
        Apply
      </Button>
      {isFiltered(search) && (
        <Button asChild variant="ghost" size="sm">
          <Link href={`/alerts${inboxQuery({ sort: search.sort })}`}>Clear</Link>
        </Button>
      )}
    </form>
  );
}
