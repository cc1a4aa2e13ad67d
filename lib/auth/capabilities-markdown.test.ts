import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { capabilitiesMarkdown, capabilitiesMarkers, withCapabilitiesTable } from "./capabilities-markdown";
import { roles } from "@/db/vocabulary";

const readme = readFileSync(path.resolve(import.meta.dirname, "..", "..", "README.md"), "utf8");

/** The block between the markers, with the cell padding a Markdown formatter may add taken out. */
function tableText(markdown: string): string[] {
  return markdown
    .split("\n")
    .map((line) =>
      line.startsWith("|")
        ? line
            .split("|")
            .map((cell) => cell.trim().replace(/^(:?)-+(:?)$/, "$1-$2"))
            .join("|")
        : line.trim(),
    )
    .filter(Boolean);
}

describe("the README's roles and capabilities", () => {
  it("shows the capability table as lib/auth/capabilities.shared.ts has it (npm run docs:capabilities writes it)", () => {
    const block = readme.slice(
      readme.indexOf(capabilitiesMarkers.start) + capabilitiesMarkers.start.length,
      readme.indexOf(capabilitiesMarkers.end),
    );
    expect(tableText(block)).toEqual(tableText(capabilitiesMarkdown()));
  });

  it("writes the table between the markers and keeps the rest of the README", () => {
    const written = withCapabilitiesTable("# Title\n\n<!-- capabilities:start -->\nold\n<!-- capabilities:end -->\n\nAfter.\n");
    expect(written).toBe(`# Title\n\n<!-- capabilities:start -->\n${capabilitiesMarkdown()}\n<!-- capabilities:end -->\n\nAfter.\n`);
  });

  it("marks each role's capabilities", () => {
    expect(capabilitiesMarkdown()).toContain(
      "| `spendCredits` | order dossiers and documents, fast-mode onboarding, retries and graph expansions; check unsettled paid requests | ✓ | ✓ |  |  |",
    );
    expect(capabilitiesMarkdown()).toContain("| `readAudit` | read and export the audit log | ✓ |  |  | ✓ |");
  });

  it("describes every role in the Roles table, and no other", () => {
    const rolesTable = readme.slice(readme.indexOf("## Roles"), readme.indexOf(capabilitiesMarkers.start));
    const described = [...rolesTable.matchAll(/^\| `([a-z]+)` \|/gm)].map((m) => m[1]);
    expect(described).toEqual([...roles]);
  });

  it("refuses a README without the markers rather than dropping the table", () => {
    expect(() => withCapabilitiesTable("# No table here\n")).toThrow(/capabilities:start/);
  });
});
