/**
 * Figure for "See what changed": the field-level diff of two snapshots of the simulator's `LARGE` company (504
 * people, a 2,000-node ownership graph), every section compared, as the server computes it for a page: both
 * parsed from their stored JSON, diffed, the changes' signed URLs withheld (the database round trip is not included).
 * The second snapshot is a modified copy: a changed address, 10 people changed, 5 moved, 3 added and 3 removed.
 * Goal ≤ 200 ms. Run alone: npx tsx bench/alerts-diff.ts (bench/alerts.ts prints the same line).
 */
import { pathToFileURL } from "node:url";
import { allComparedSections } from "../lib/alerts/what-changed-datapoints";
import { diffSnapshots } from "../lib/snapshots/snapshot-diff";
import { withheldChange } from "../lib/snapshots/withheld-change";
import { generateCompany } from "../simulator/data/company";
import { percentile } from "./percentile";

type Person = { entityId?: string; individual?: { residenceAddress?: { city?: string } } };
type Snapshot = Record<string, unknown> & {
  company: { legalAddress: { addressLine1: string } };
  legalRepresentatives: Person[];
  otherKeyPersons: Person[];
  shareholders: Person[];
};

function largeSnapshot(requestId: string): Snapshot {
  const { sections } = generateCompany("DE", "LARGE");
  // Through JSON, as a snapshot read from the database: no object shared between two places or two snapshots.
  return JSON.parse(JSON.stringify({ request: { requestId, companyId: "LARGE", countryCode: "DE", version: 7 }, ...sections })) as Snapshot;
}

function modifiedCopy(): Snapshot {
  const after = largeSnapshot("req_after");
  after.company.legalAddress.addressLine1 = "Neue Straße 1";
  after.legalRepresentatives.slice(0, 10).forEach((person, i) => (person.individual!.residenceAddress!.city = `Moved to ${i}`));
  const moved = after.shareholders.splice(0, 5);
  after.shareholders.splice(40, 0, ...moved);
  const removed = after.otherKeyPersons.splice(0, 3);
  after.otherKeyPersons.push(
    ...removed.map((p, i) => ({ ...p, entityId: `ent_new_${i}`, individual: { ...p.individual, name: { fullName: `Newcomer ${i}` } } })),
  );
  return after;
}

export async function benchSnapshotDiff(runs = 20): Promise<string> {
  // As stored: json text, parsed on each read; then diffed, and the changes' signed URLs withheld (compare-snapshots.ts).
  const before = JSON.stringify(largeSnapshot("req_before"));
  const after = JSON.stringify(modifiedCopy());
  const diffStored = () => diffSnapshots(JSON.parse(before), JSON.parse(after), allComparedSections).map(withheldChange);
  const expected = 1 + 10 + 3 + 3;
  for (let i = 0; i < 3; i++) diffStored(); // warm-up, unmeasured
  const times: number[] = [];
  let changes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    changes = diffStored().length;
    times.push(performance.now() - started);
  }
  if (changes !== expected) throw new Error(`The diff found ${changes} changes; the modified copy has ${expected}.`);
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  return (
    `alerts diff: two LARGE snapshots (504 people, 2,000 graph nodes) read and diffed, ${changes} changes found, over ${runs} runs: ` +
    `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal ≤ 200 ms) ${p95 <= 200 ? "OK" : "OVER"}`
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchSnapshotDiff().then(
    (line) => console.log(line),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
