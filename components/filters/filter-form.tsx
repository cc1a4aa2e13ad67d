import Link from "next/link";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { CollapsibleFilters } from "./collapsible-filters";

export type FilterOption = { value: string; label: string };

/** One select of a filter form: its query parameter, its label, the chosen value and the choices besides "any". */
export type FilterField = { name: string; label: string; value: string | undefined; anyLabel: string; options: readonly FilterOption[] };

/**
 * One checkbox of a filter form. A hidden `off` comes first, so an unchecked box is sent too (a default that is on
 * stays off), and a checked one sends `off` then `on`: the parser reads the last.
 */
export type FilterToggle = { name: string; label: string; checked: boolean };

/** Each value labelled by itself. */
export const asOptions = (values: readonly string[]): FilterOption[] => values.map((value) => ({ value, label: value }));

/**
 * A list page's filters as a plain GET form: the filters live in the URL, so a link repeats them and the page
 * needs no client code. With `clearHref`, a Clear link shows while any filter is set.
 */
export function FilterForm({
  label,
  fields,
  toggles = [],
  clearHref,
}: {
  label: string;
  fields: readonly FilterField[];
  toggles?: readonly FilterToggle[];
  clearHref?: string;
}) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-3" aria-label={label}>
      <CollapsibleFilters active={fields.filter((field) => field.value).length}>
        {fields.map((field) => (
          <label key={field.name} className="flex flex-col gap-1 text-sm">
            {field.label}
            <NativeSelect name={field.name} defaultValue={field.value ?? ""}>
              <option value="">{field.anyLabel}</option>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </label>
        ))}
        {toggles.map((toggle) => (
          <label key={toggle.name} className="flex h-9 items-center gap-2 text-sm">
            <input type="hidden" name={toggle.name} value="off" />
            <input type="checkbox" name={toggle.name} value="on" defaultChecked={toggle.checked} className="size-4 accent-primary" />
            {toggle.label}
          </label>
        ))}
        <Button type="submit" size="sm">
          Apply
        </Button>
        {clearHref && fields.some((field) => field.value) && (
          <Button asChild variant="ghost" size="sm">
            <Link href={clearHref}>Clear</Link>
          </Button>
        )}
      </CollapsibleFilters>
    </form>
  );
}
