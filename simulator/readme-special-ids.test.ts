import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dataSpecialIds } from "./data/special-ids";
import { deliverySpecialIds, errorSpecialIds, monitorSpecialIds } from "./special-errors";

describe("README", () => {
  it("lists every special id the simulator knows", () => {
    const readme = path.resolve(import.meta.dirname, "..", "README.md");
    expect(existsSync(readme)).toBe(true);
    const text = readFileSync(readme, "utf8");
    const ids = [
      ...Object.keys(errorSpecialIds),
      ...Object.keys(deliverySpecialIds),
      ...Object.keys(monitorSpecialIds),
      ...dataSpecialIds.map((d) => d.id),
    ];
    expect(ids.filter((id) => !text.includes(`| \`${id}\``))).toEqual([]);
  });
});
