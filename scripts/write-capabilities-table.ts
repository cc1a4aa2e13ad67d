/**
 * `npm run docs:capabilities`: writes the capability table of lib/auth/capabilities.shared.ts into README.md, between
 * its capabilities markers. A unit test (lib/auth/capabilities-markdown.test.ts) fails while they differ.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { withCapabilitiesTable } from "../lib/auth/capabilities-markdown";

const readme = path.resolve(import.meta.dirname, "..", "README.md");
const before = readFileSync(readme, "utf8");
const after = withCapabilitiesTable(before);
if (after === before) console.log("README.md: the capability table is current.");
else {
  writeFileSync(readme, after);
  console.log("README.md: capability table written.");
}
