import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SnapshotChanges } from "./snapshot-changes";

describe("SnapshotChanges", () => {
  it("shows each change under its section with its path, kind and old → new values", () => {
    const html = renderToStaticMarkup(
      <SnapshotChanges
        sections={["company", "shareholders"]}
        changes={[
          { section: "company", kind: "changed", path: ["legalAddress", "addressLine1"], before: "Alte Straße 1", after: "Neue Straße 2" },
          { section: "shareholders", kind: "added", path: ["Emil Berg"], after: { entityId: "sh4", sharePercentage: 10 } },
        ]}
      />,
    );
    expect(html).toContain("Company profile");
    expect(html).toContain("Shareholders");
    expect(html).toContain('data-path="company.legalAddress.addressLine1"');
    expect(html).toContain("legalAddress › addressLine1");
    expect(html).toContain("Alte Straße 1");
    expect(html).toContain("Neue Straße 2");
    expect(html).toContain('data-change="added"');
    expect(html).toContain("&quot;sharePercentage&quot;:10");
  });

  it("says when nothing changed, and when the snapshots share no section", () => {
    expect(renderToStaticMarkup(<SnapshotChanges sections={["company"]} changes={[]} />)).toContain("No field changed in Company profile.");
    expect(renderToStaticMarkup(<SnapshotChanges sections={[]} changes={[]} />)).toContain("nothing to compare");
  });
});
