import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SearchResult } from "@/lib/registry/schemas.shared";
import { ResultList } from "./result-list";

const result = (id: string): SearchResult => ({
  id,
  legalName: `Company ${id}`,
  countryCode: "DE",
  address: { city: "Berlin" },
  matchReason: { matchType: "default" },
});

describe("the search result list", () => {
  it("renders each row as a link to its company page, one of them tabbable", () => {
    const html = renderToStaticMarkup(<ResultList results={[result("HRB 1 B"), result("OWNERSHIP_DIAMOND")]} labelledBy="heading" />);
    expect(html).toMatch(/^<div[^>]*><ul aria-labelledby="heading"/);
    const links = [...html.matchAll(/<a ([^>]*)>/g)].map((m) => m[1]!);
    expect(links).toHaveLength(2);
    expect(links[0]).toContain('href="/companies/DE/HRB%201%20B"');
    expect(links[1]).toContain('href="/companies/DE/OWNERSHIP_DIAMOND"');
    expect(links.map((l) => /tabindex="(-?\d)"/i.exec(l)?.[1])).toEqual(["0", "-1"]);
    expect(html).not.toContain('role="option"');
  });
});
