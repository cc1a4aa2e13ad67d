import "server-only";
/** The README's capability table, generated from lib/auth/capabilities.shared.ts (`npm run docs:capabilities`). */
import { can, capabilities, capabilityNames } from "./capabilities.shared";
import { roles } from "@/db/vocabulary";

export const capabilitiesMarkers = { start: "<!-- capabilities:start -->", end: "<!-- capabilities:end -->" } as const;

/** A line saying where the table comes from, then one row per capability and one column per role. */
export function capabilitiesMarkdown(): string {
  const intro =
    "Each page, server action, route handler and sidebar section asks for one of these capabilities; the table is generated from `lib/auth/capabilities.shared.ts` (`npm run docs:capabilities`).";
  const header = `| capability | allows | ${roles.map((r) => `\`${r}\``).join(" | ")} |`;
  const rule = `|---|---|${roles.map(() => ":-:").join("|")}|`;
  const rows = capabilityNames.map(
    (c) => `| \`${c}\` | ${capabilities[c].allows} | ${roles.map((r) => (can(r, c) ? "✓" : "")).join(" | ")} |`,
  );
  return [intro, "", header, rule, ...rows].join("\n");
}

/** `readme` with the block between the markers replaced by the current table; throws when the markers are missing. */
export function withCapabilitiesTable(readme: string): string {
  const start = readme.indexOf(capabilitiesMarkers.start);
  const end = readme.indexOf(capabilitiesMarkers.end);
  if (start < 0 || end < start) throw new Error(`README.md has no ${capabilitiesMarkers.start} … ${capabilitiesMarkers.end} block.`);
  return `${readme.slice(0, start + capabilitiesMarkers.start.length)}\n${capabilitiesMarkdown()}\n${readme.slice(end)}`;
}
