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
      /<label[^>]*>Status<select [^>]*name="status"><option value="">Any<\/option><option value="complete" selected="">Complete<\/option><\/select><\/label>/,
    );
    expect(html).toMatch(
      /<label[^>]*>Ordered by<select [^>]*name="user"><option value="" selected="">Anyone<\/option><option value="a@example.com">a@example.com<\/option><\/select><\/label>/,
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
