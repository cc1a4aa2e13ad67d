import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import { applySnapshot, storedSectionsRead, type StoredSnapshot } from "./apply";

const datapoints = ["company", "legalRepresentatives", "shareholders", "graph"] as const;

/**
 * The snapshots a request goes through, as the API sends them: full snapshots, one datapoint
 * changing per version (in_progress → enriching → succeeded or failed), sections present once succeeded.
 */
function snapshots(steps: { datapoint: number; fails: boolean }[]): CompanyResponse[] {
  const status: Record<string, { status: string; error?: { code: string; message: string; retryable: boolean } }> = Object.fromEntries(
    datapoints.map((d) => [d, { status: "in_progress" }]),
  );
  const out: CompanyResponse[] = [];
  const snapshot = (version: number): CompanyResponse => ({
    request: {
      requestId: "req_1",
      version,
      dataPoints: [...datapoints],
      dataStatus: { dataPoints: structuredClone(status), documents: {} },
    },
    ...(status.company!.status === "succeeded" && { company: { legalName: `Acme v${version}` } }),
    ...(status.legalRepresentatives!.status === "succeeded" && { legalRepresentatives: [{ entityId: "p1" }] }),
    ...(status.shareholders!.status === "succeeded" && { shareholders: [{ entityId: "s1", sharePercentage: 40 }] }),
    ...(status.graph!.status === "succeeded" && { graph: { nodes: [{ nodeId: "n0", type: "company" }], edges: [] } }),
  });
  out.push(snapshot(1));
  for (const step of steps) {
    const name = datapoints[step.datapoint % datapoints.length]!;
    const current = status[name]!.status;
    if (current === "succeeded" || current === "failed") continue;
    status[name] =
      current === "in_progress" && !step.fails
        ? { status: "enriching" }
        : step.fails
          ? { status: "failed", error: { code: "source_unavailable", message: "down", retryable: true } }
          : { status: "succeeded" };
    out.push(snapshot(out.length + 1));
  }
  return out;
}

const applyAll = (deliveries: CompanyResponse[]) =>
  deliveries.reduce<{ stored?: StoredSnapshot; applied: number }>(
    (acc, incoming) => {
      const result = applySnapshot(acc.stored, incoming);
      return { stored: result.next, applied: acc.applied + (result.outcome === "applied" ? 1 : 0) };
    },
    { applied: 0 },
  );

describe("applySnapshot", () => {
  const [v1, v2, v3] = snapshots([
    { datapoint: 0, fails: false },
    { datapoint: 0, fails: false },
  ]);

  it("stores the first snapshot and ignores versions lower than or equal to the stored one", () => {
    const first = applySnapshot(undefined, v2!);
    expect(first).toMatchObject({ outcome: "applied", next: { version: 2 } });
    expect(applySnapshot(first.next, v1!)).toEqual({ outcome: "stale", next: first.next });
    expect(applySnapshot(first.next, v2!)).toEqual({ outcome: "stale", next: first.next });
    expect(applySnapshot(first.next, v3!).outcome).toBe("applied");
  });

  it("never replaces a succeeded datapoint with an absent section", () => {
    const stored = applySnapshot(undefined, v3!).next;
    expect(stored.snapshot.company).toEqual({ legalName: "Acme v3" });
    const missing: CompanyResponse = {
      request: { requestId: "req_1", version: 4, dataStatus: { dataPoints: { graph: { status: "succeeded" } }, documents: {} } },
      graph: { nodes: [], edges: [] },
    };
    const next = applySnapshot(stored, missing).next;
    expect(next.version).toBe(4);
    expect(next.snapshot.company).toEqual({ legalName: "Acme v3" });
    expect(next.snapshot.request.dataStatus?.dataPoints?.company).toEqual({ status: "succeeded" });
    expect(next.snapshot.graph).toEqual({ nodes: [], edges: [] });
  });

  it("lets a newer snapshot change a section and a status", () => {
    const stored = applySnapshot(undefined, v3!).next;
    const newer: CompanyResponse = { ...v3!, request: { ...v3!.request, version: 5 }, company: { legalName: "Acme renamed" } };
    expect(applySnapshot(stored, newer).next.snapshot.company).toEqual({ legalName: "Acme renamed" });
  });

  const stepsArbitrary = fc.array(fc.record({ datapoint: fc.nat({ max: 3 }), fails: fc.boolean() }), { minLength: 1, maxLength: 12 });

  it("ends in the same state for any interleaving with repeats as in version order (10,000 runs)", () => {
    fc.assert(
      fc.property(
        stepsArbitrary.chain((steps) => {
          const all = snapshots(steps);
          return fc.tuple(
            fc.constant(all),
            fc.array(fc.nat({ max: all.length - 1 }), { maxLength: 8 }),
            fc.array(fc.double({ noNaN: true }), { minLength: all.length + 8, maxLength: all.length + 8 }),
          );
        }),
        ([all, extra, keys]) => {
          const deliveries = [...all, ...extra.map((i) => all[i]!)];
          const shuffled = deliveries
            .map((d, i) => ({ d, k: keys[i]! }))
            .sort((a, b) => a.k - b.k)
            .map((x) => x.d);
          const inOrder = applyAll(all).stored;
          const result = applyAll(shuffled);
          expect(result.stored).toEqual(inOrder);
          expect(result.stored?.version).toBe(all.length);
          expect(result.applied).toBeLessThanOrEqual(all.length); // nothing applied twice
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it("needs of a stored snapshot only its dataStatus and the sections storedSectionsRead names (10,000 runs)", () => {
    const sectionNames = ["company", "companyRelationships", "legalRepresentatives", "shareholders", "graph", "documents"];
    const statusArbitrary = fc.dictionary(
      fc.constantFrom(...datapoints, "companyProfile"),
      fc.record({ status: fc.constantFrom("in_progress", "enriching", "succeeded", "failed") }),
    );
    const snapshotArbitrary = (version: fc.Arbitrary<number>) =>
      fc
        .record({
          version,
          dataPoints: statusArbitrary,
          documents: fc.dictionary(fc.constantFrom("doc1", "doc2"), fc.record({ status: fc.constantFrom("in_progress", "succeeded") })),
          sections: fc.subarray(sectionNames),
          withStatus: fc.boolean(),
        })
        .map(({ version, dataPoints, documents, sections, withStatus }): CompanyResponse => ({
          request: { requestId: "req_1", version, ...(withStatus && { dataStatus: { dataPoints, documents } }) },
          ...Object.fromEntries(sections.map((section) => [section, { from: `v${version}`, section }])),
        }));
    fc.assert(
      fc.property(
        snapshotArbitrary(fc.integer({ min: 1, max: 5 })),
        snapshotArbitrary(fc.integer({ min: 1, max: 9 })),
        (full, incoming) => {
          const dataStatus = full.request.dataStatus;
          const read = storedSectionsRead(dataStatus, incoming);
          const present = read.filter((section) => (full as Record<string, unknown>)[section] !== undefined);
          const partial = {
            request: { requestId: "req_1", dataStatus },
            ...Object.fromEntries(present.map((s) => [s, (full as Record<string, unknown>)[s]])),
          } as CompanyResponse;
          const version = full.request.version!;
          const [fromPartial, fromFull] = [
            applySnapshot({ version, snapshot: partial }, incoming),
            applySnapshot({ version, snapshot: full }, incoming),
          ];
          expect(fromPartial.outcome).toBe(fromFull.outcome);
          // A stale result hands back what is stored, as given; an applied one must be the same merge.
          if (fromFull.outcome === "applied") expect(fromPartial.next).toEqual(fromFull.next);
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it("ends in the same state for every ordering of up to 6 deliveries (exhaustive)", () => {
    const permutations = <T>(items: T[]): T[][] =>
      items.length <= 1
        ? [items]
        : items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((p) => [x, ...p]));
    const all = snapshots([
      { datapoint: 0, fails: false },
      { datapoint: 0, fails: false },
      { datapoint: 2, fails: true },
      { datapoint: 3, fails: false },
    ]);
    const expected = applyAll(all).stored;
    expect(all).toHaveLength(5);
    // Five versions plus one repeat: 6 deliveries, 720 orderings.
    const deliveries = [...all, all[2]!];
    let orderings = 0;
    for (const order of permutations(deliveries)) {
      expect(applyAll(order).stored).toEqual(expected);
      orderings++;
    }
    expect(orderings).toBe(720);
  });
});
