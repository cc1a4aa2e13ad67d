import Link from "next/link";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { CollapsibleFilters } from "./collapsible-filters";

export type FilterOption = { value: string; label: string };

/** One select of a filter form: its query parameter, its label, the chosen value and the choices besides "any". */
export type FilterField = { name: string; label: string; value: string | undefined; anyLabel: string; options: readonly FilterOption[] };

/**
 * One checkbox of a filter form. A hidden `off` comes first, so an unchecked box is sent too (a default that is on
 * stays off), and a checked one sends `off` then `on`: the parser reads the last. It counts as a filter set while it
 * differs from `checkedByDefault` (off unless said).
 */
export type FilterToggle = { name: string; label: string; checked: boolean; checkedByDefault?: boolean };

/** One text box of a filter form (part of a name, a reference); `suggestions` become the box's datalist. */
export type FilterText = {
  name: string;
  label: string;
  value: string | undefined;
  placeholder?: string;
  maxLength?: number;
  suggestions?: readonly string[];
};

/** One day picker of a filter form (`YYYY-MM-DD` in the URL). */
export type FilterDate = { name: string; label: string; value: string | undefined };

/**
 * A group of checkboxes sending the parameter once per ticked value (`country=FR&country=DE`), folded in a
 * `<details>` whose summary says how many are chosen; none chosen reads as `anyLabel`.
 */
export type FilterChoices = { name: string; label: string; values: readonly string[]; anyLabel: string; options: readonly FilterOption[] };

/** Each value labelled by itself. */
export const asOptions = (values: readonly string[]): FilterOption[] => values.map((value) => ({ value, label: value }));

/** How many of a form's filters are set: a chosen select, a filled text or day, a group with a choice, a box off its default. */
export function activeFilterCount({
  fields = [],
  texts = [],
  dates = [],
  choices = [],
  toggles = [],
}: {
  fields?: readonly FilterField[];
  texts?: readonly FilterText[];
  dates?: readonly FilterDate[];
  choices?: readonly FilterChoices[];
  toggles?: readonly FilterToggle[];
}): number {
  return (
    [...fields, ...texts, ...dates].filter((field) => field.value).length +
    choices.filter((group) => group.values.length > 0).length +
    toggles.filter((toggle) => toggle.checked !== (toggle.checkedByDefault ?? false)).length
  );
}

/** What a choice group's summary says: its label, then what is chosen (one by its label, several by their number). */
export function choicesSummary(group: FilterChoices): string {
  if (group.values.length === 0) return `${group.label}: ${group.anyLabel}`;
  if (group.values.length === 1) {
    const [value] = group.values;
    return `${group.label}: ${group.options.find((option) => option.value === value)?.label ?? value}`;
  }
  return `${group.label}: ${group.values.length} chosen`;
}

function SelectField({ id, field }: { id: string; field: FilterField }) {
  return (
    <div className="flex max-w-full flex-col gap-1 text-sm">
      <label htmlFor={id}>{field.label}</label>
      <NativeSelect id={id} name={field.name} defaultValue={field.value ?? ""}>
        <option value="">{field.anyLabel}</option>
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * A list page's filters as a plain GET form: the filters live in the URL, so a link repeats them and the page
 * needs no client code. Selects, text boxes, days, multi-value groups, checkboxes and then `sorts` (selects that order
 * the list, not counted as filters), in that order; `hidden` values ride along (a view, a month). On a phone they fold
 * behind a "Filters" button. With `clearHref`, a Clear link shows while any filter is set.
 */
export function FilterForm({
  label,
  fields = [],
  texts = [],
  dates = [],
  choices = [],
  toggles = [],
  sorts = [],
  hidden = {},
  action,
  clearHref,
}: {
  label: string;
  fields?: readonly FilterField[];
  texts?: readonly FilterText[];
  dates?: readonly FilterDate[];
  choices?: readonly FilterChoices[];
  toggles?: readonly FilterToggle[];
  sorts?: readonly FilterField[];
  hidden?: Readonly<Record<string, string>>;
  /** Where the form sends its query (a page with an anchor); the current page by default. */
  action?: string;
  clearHref?: string;
}) {
  const active = activeFilterCount({ fields, texts, dates, choices, toggles });
  // Each box named by a label of its own (`for`), so its name is the label alone, not the label and the box's options.
  const idOf = `${useId()}filter-`;
  return (
    <form method="get" action={action} className="flex max-w-full flex-wrap items-end gap-3" aria-label={label}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <CollapsibleFilters active={active}>
        {fields.map((field) => (
          <SelectField key={field.name} id={idOf + field.name} field={field} />
        ))}
        {texts.map((text) => (
          <div key={text.name} className="flex max-w-full flex-col gap-1 text-sm">
            <label htmlFor={idOf + text.name}>{text.label}</label>
            <Input
              id={idOf + text.name}
              name={text.name}
              defaultValue={text.value ?? ""}
              placeholder={text.placeholder}
              maxLength={text.maxLength}
              list={text.suggestions?.length ? `${idOf + text.name}-suggestions` : undefined}
              autoComplete="off"
              spellCheck={false}
              className="w-56 max-w-full"
            />
            {!!text.suggestions?.length && (
              <datalist id={`${idOf + text.name}-suggestions`}>
                {text.suggestions.map((suggestion) => (
                  <option key={suggestion} value={suggestion} />
                ))}
              </datalist>
            )}
          </div>
        ))}
        {dates.map((date) => (
          <div key={date.name} className="flex max-w-full flex-col gap-1 text-sm">
            <label htmlFor={idOf + date.name}>{date.label}</label>
            <Input id={idOf + date.name} type="date" name={date.name} defaultValue={date.value ?? ""} className="w-44 max-w-full" />
          </div>
        ))}
        {choices.map((group) => (
          <details key={group.name} className="max-w-full text-sm">
            <summary className="flex h-9 cursor-pointer items-center rounded-md border border-input px-3 select-none">
              {choicesSummary(group)}
            </summary>
            <fieldset className="mt-1 max-h-64 max-w-full overflow-y-auto rounded-md border p-2">
              <legend className="sr-only">{group.label}</legend>
              {group.options.map((option) => (
                <label key={option.value} className="flex items-center gap-2 py-0.5">
                  <input
                    type="checkbox"
                    name={group.name}
                    value={option.value}
                    defaultChecked={group.values.includes(option.value)}
                    className="size-4 accent-primary"
                  />
                  {option.label}
                </label>
              ))}
            </fieldset>
          </details>
        ))}
        {toggles.map((toggle) => (
          <label key={toggle.name} className="flex h-9 items-center gap-2 text-sm">
            <input type="hidden" name={toggle.name} value="off" />
            <input type="checkbox" name={toggle.name} value="on" defaultChecked={toggle.checked} className="size-4 accent-primary" />
            {toggle.label}
          </label>
        ))}
        {sorts.map((field) => (
          <SelectField key={field.name} id={idOf + field.name} field={field} />
        ))}
        <Button type="submit" size="sm">
          Apply
        </Button>
        {clearHref && active > 0 && (
          <Button asChild variant="ghost" size="sm">
            <Link href={clearHref}>Clear</Link>
          </Button>
        )}
      </CollapsibleFilters>
    </form>
  );
}
