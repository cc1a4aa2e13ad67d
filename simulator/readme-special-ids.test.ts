import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dataSpecialIds } from "./data/special-ids";
import { deliverySpecialIds, errorSpecialIds, monitorSpecialIds } from "./special-errors";

/** The simulator's page in docs/: its "Special company ids" table is where users look them up. */
const simulatorDoc = path.resolve(import.meta.dirname, "..", "docs", "simulator.md");

/** The ids in the first column of the table under the "Special company ids" heading. */
function documentedIds(markdown: string): string[] {
  const section = markdown.split(/^## Special company ids$/m)[1]?.split(/^## /m)[0] ?? "";
  return [...section.matchAll(/^\| `([A-Z_]+)`/gm)].map((m) => m[1]!);
}

describe("docs/simulator.md", () => {
  const ids = [
    ...Object.keys(errorSpecialIds),
    ...Object.keys(deliverySpecialIds),
    ...Object.keys(monitorSpecialIds),
    ...dataSpecialIds.map((d) => d.id),
  ];

  it("lists every special id the simulator knows in its special ids table", () => {
    const documented = documentedIds(readFileSync(simulatorDoc, "utf8"));
    expect(ids.filter((id) => !documented.includes(id))).toEqual([]);
  });

  it("lists no special id the simulator does not know", () => {
    const documented = documentedIds(readFileSync(simulatorDoc, "utf8"));
    expect(documented.filter((id) => !ids.includes(id))).toEqual([]);
  });
});
