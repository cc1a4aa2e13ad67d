import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageSkeleton } from "./page-skeleton";

describe("the loading skeleton", () => {
  it("is busy, says in words what loads, and hides its placeholder blocks from assistive technology", () => {
    const html = renderToStaticMarkup(<PageSkeleton label="Loading the audit log…" />);
    expect(html).toMatch(/^<div aria-busy="true"[^>]*><p role="status" class="sr-only">Loading the audit log…<\/p><div aria-hidden="true"/);
    // Nothing but the status is readable: the blocks carry no text.
    expect(html.replace(/<[^>]+>/g, "")).toBe("Loading the audit log…");
  });

  it("draws as many filter and row placeholders as asked, none for filters when there are none", () => {
    const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
    const withFilters = renderToStaticMarkup(<PageSkeleton label="Loading" filters={2} rows={5} />);
    expect(count(withFilters, /h-9 w-40/g)).toBe(2);
    expect(count(withFilters, /px-4 py-3/g)).toBe(5);
    expect(renderToStaticMarkup(<PageSkeleton label="Loading" filters={0} />)).not.toContain("flex flex-wrap gap-3");
  });
});
