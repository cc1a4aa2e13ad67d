import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SnapshotChanges } from "./snapshot-changes";

describe("SnapshotChanges", () => {
  it("shows each change under its section with its path in words, kind and old → new values", () => {
    const html = renderToStaticMarkup(
      <SnapshotChanges
        sections={["company", "shareholders"]}
        changes={[
          { section: "company", kind: "changed", path: ["legalAddress", "addressLine1"], before: "Alte Straße 1", after: "Neue Straße 2" },
          { section: "shareholders", kind: "added", path: ["Emil Berg"], listItems: [0], after: { entityId: "sh4", sharePercentage: 10 } },
        ]}
      />,
    );
    expect(html).toContain("Company profile");
    expect(html).toContain("Shareholders");
    expect(html).toContain('data-path="company.legalAddress.addressLine1"');
    expect(html).toContain("Legal address › Address line 1");
    expect(html).toContain("Alte Straße 1");
    expect(html).toContain("Neue Straße 2");
    expect(html).toContain('data-change="added"');
    expect(html).toContain("Registry&#x27;s entity id: sh4; Share: 10");
    // The API's names only under Technical details: the path as sent, a record as JSON.
    const outside = html.replace(/<details data-technical-details=""[^>]*>.*?<\/details>/g, "").replace(/<[^>]+>/g, " ");
    expect(html).toContain("company › legalAddress › addressLine1");
    expect(html).toContain("&quot;sharePercentage&quot;:10");
    for (const name of ["legalAddress", "addressLine1", "sharePercentage", "entityId"]) expect(outside).not.toContain(name);
  });

  it("says when nothing changed, and when the snapshots share no section", () => {
    expect(renderToStaticMarkup(<SnapshotChanges sections={["company"]} changes={[]} />)).toContain("No field changed in Company profile.");
    expect(renderToStaticMarkup(<SnapshotChanges sections={[]} changes={[]} />)).toContain("nothing to compare");
  });
});
