import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { asOptions, FilterForm, type FilterField } from "./filter-form";

const fields = (status?: string): FilterField[] => [
  { name: "status", label: "Status", value: status, anyLabel: "Any", options: [{ value: "complete", label: "Complete" }] },
  { name: "user", label: "Ordered by", value: undefined, anyLabel: "Anyone", options: asOptions(["a@example.com"]) },
];

describe("the filter form", () => {
  it("is a GET form named by its label, one labelled select per field with “any” first and the URL's value chosen", () => {
    const html = renderToStaticMarkup(<FilterForm label="Filter requests" fields={fields("complete")} />);
    expect(html).toMatch(/^<form [^>]*aria-label="Filter requests" method="get">/);
    expect(html).toMatch(
      /<label for="([^"]+)">Status<\/label><select [^>]*id="\1" name="status"><option value="">Any<\/option><option value="complete" selected="">Complete<\/option><\/select>/,
    );
    expect(html).toMatch(
      /<label for="([^"]+)">Ordered by<\/label><select [^>]*id="\1" name="user"><option value="" selected="">Anyone<\/option><option value="a@example.com">a@example.com<\/option><\/select>/,
    );
    expect(html).toMatch(/<button [^>]*type="submit">Apply<\/button>/);
  });

  it("offers Clear only with a clear link and a filter set", () => {
    expect(renderToStaticMarkup(<FilterForm label="Filter" fields={fields("complete")} clearHref="/audit" />)).toMatch(
      /<a [^>]*href="\/audit">Clear<\/a>/,
    );
    expect(renderToStaticMarkup(<FilterForm label="Filter" fields={fields()} clearHref="/audit" />)).not.toContain("Clear");
    expect(renderToStaticMarkup(<FilterForm label="Filter" fields={fields("complete")} />)).not.toContain("Clear");
  });

  it("sends a checkbox whether ticked or not: a hidden off first, then the box's on", () => {
    const html = renderToStaticMarkup(
      <FilterForm
        label="Filter"
        fields={[]}
        toggles={[
          { name: "followUps", label: "Show follow-ups", checked: true },
          { name: "hideListings", label: "Hide free listings", checked: false },
        ]}
      />,
    );
    expect(html).toMatch(
      /<label[^>]*><input type="hidden" name="followUps" value="off"\/><input type="checkbox" [^>]*name="followUps" checked="" value="on"\/>Show follow-ups<\/label>/,
    );
    expect(html).toMatch(
      /<input type="hidden" name="hideListings" value="off"\/><input type="checkbox" [^>]*name="hideListings" value="on"\/>Hide free listings<\/label>/,
    );
  });
});

describe("the filter form's text boxes, days and choice groups", () => {
  const countries = [
    { value: "FR", label: "France (FR)" },
    { value: "DE", label: "Germany (DE)" },
    { value: "IT", label: "Italy (IT)" },
  ];

  it("labels a text box and a day picker and fills them from the URL", () => {
    const html = renderToStaticMarkup(
      <FilterForm
        label="Filter"
        texts={[{ name: "company", label: "Company", value: "acme", placeholder: "Name or number" }]}
        dates={[{ name: "from", label: "From (UTC)", value: "2026-01-02" }]}
      />,
    );
    const [, companyId, company] = html.match(/<label for="([^"]+)">Company<\/label>(<input [^>]*\/>)/) ?? [];
    expect(company).toContain(`id="${companyId}"`);
    expect(company).toContain('name="company"');
    expect(company).toContain('placeholder="Name or number"');
    expect(company).toContain('value="acme"');
    const [, fromId, from] = html.match(/<label for="([^"]+)">From \(UTC\)<\/label>(<input [^>]*\/>)/) ?? [];
    expect(from).toContain(`id="${fromId}"`);
    expect(from).toContain('type="date"');
    expect(from).toContain('name="from"');
    expect(from).toContain('value="2026-01-02"');
  });

  it("sends one parameter per ticked box, in a details whose summary says what is chosen", () => {
    const group = (values: string[]) =>
      renderToStaticMarkup(
        <FilterForm
          label="Filter"
          choices={[{ name: "country", label: "Country", values, anyLabel: "All countries", options: countries }]}
        />,
      );
    const two = group(["FR", "IT"]);
    expect(two).toMatch(/<details[^>]*><summary[^>]*>Country: 2 chosen<\/summary><fieldset/);
    const box = (value: string) => two.match(new RegExp(`<input type="checkbox"[^>]*name="country"[^>]*value="${value}"/>`))?.[0];
    expect(box("FR")).toContain('checked=""');
    expect(box("DE")).not.toContain("checked");
    expect(box("IT")).toContain('checked=""');
    expect(group(["DE"])).toContain("Country: Germany (DE)</summary>");
    expect(group([])).toContain("Country: All countries</summary>");
  });

  it("counts every kind of filter for Clear and the phone's Filters button, a checkbox only off its default", () => {
    const form = (props: Partial<Parameters<typeof FilterForm>[0]>) =>
      renderToStaticMarkup(<FilterForm label="Filter" clearHref="/audit" {...props} />);
    expect(form({})).not.toContain("Clear");
    expect(form({ texts: [{ name: "target", label: "Target", value: "x" }] })).toContain(">Clear</a>");
    expect(form({ dates: [{ name: "to", label: "To", value: "2026-01-01" }] })).toContain(">Clear</a>");
    expect(form({ choices: [{ name: "c", label: "C", values: ["FR"], anyLabel: "Any", options: countries }] })).toContain(">Clear</a>");
    expect(form({ toggles: [{ name: "f", label: "F", checked: true, checkedByDefault: true }] })).not.toContain("Clear");
    expect(form({ toggles: [{ name: "f", label: "F", checked: false, checkedByDefault: true }] })).toContain(">Clear</a>");
    const three = form({
      fields: fields("complete"),
      texts: [{ name: "target", label: "Target", value: "x" }],
      dates: [{ name: "from", label: "From", value: undefined }],
      choices: [{ name: "c", label: "C", values: ["FR", "DE"], anyLabel: "Any", options: countries }],
    });
    expect(three).toContain("Filters (3 set)");
  });

  it("carries hidden values and an action along", () => {
    const html = renderToStaticMarkup(<FilterForm label="Filter" action="/settings/webhooks#ledger" hidden={{ view: "month" }} />);
    expect(html).toMatch(/action="\/settings\/webhooks#ledger"/);
    expect(html).toContain('<input type="hidden" name="view" value="month"/>');
  });

  it("puts a sort last, before Apply, chosen from the URL, and never counts it as a filter", () => {
    const sort = (value?: string): FilterField[] => [
      { name: "sort", label: "Sort", value, anyLabel: "Newest first", options: [{ value: "due", label: "Due soonest first" }] },
    ];
    const html = renderToStaticMarkup(
      <FilterForm
        label="Filter"
        clearHref="/alerts"
        sorts={sort("due")}
        toggles={[{ name: "f", label: "F", checked: false }]}
        texts={[{ name: "q", label: "Q", value: undefined }]}
      />,
    );
    expect(html).toMatch(
      />F<\/label><div [^>]*><label for="[^"]+">Sort<\/label><select [^>]*name="sort">.*<option value="due" selected="">/,
    );
    expect(html).toMatch(/<\/select><\/div><button [^>]*type="submit">Apply<\/button>/);
    expect(html).not.toContain("Clear");
    expect(html).toMatch(/Filters<\/button>/);
  });
});
