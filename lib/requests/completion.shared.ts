type StatusMap = Record<string, { status?: string } | undefined> | undefined;
type WithDataStatus = { request?: { dataStatus?: { dataPoints?: StatusMap; documents?: StatusMap } } };

/** Statuses that will still change. Any other value, known or not, is final. */
const pending = new Set(["in_progress", "enriching"]);

/** True when every datapoint and document of the snapshot has reached a final state (and there is at least one). */
export function isRequestComplete(snapshot: WithDataStatus | undefined | null): boolean {
  const status = snapshot?.request?.dataStatus;
  const entries = [...Object.values(status?.dataPoints ?? {}), ...Object.values(status?.documents ?? {})];
  return entries.length > 0 && entries.every((entry) => !pending.has(entry?.status ?? "in_progress"));
}

type Entry = { status?: string; error?: { code?: string } } | undefined;

/** Failures the spec calls outcomes, not faults: the entity has no such datapoint, the register no such document. */
const outcomeCodes: Record<string, string> = {
  datapoint_not_applicable: "not applicable to this entity",
  no_document_available: "without a register extract (not billed)",
};

const counted = (n: number, word: string) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

/**
 * The one-line summary of a settled request's status strip, or undefined while the strip must stay open: something
 * is still in progress, failed (other than an outcome such as "does not apply"), or reads an unknown status.
 */
export function settledSummary(dataPoints: Record<string, Entry> | undefined, documents: Record<string, Entry> | undefined) {
  const groups = [
    { word: "datapoint", entries: Object.values(dataPoints ?? {}) },
    { word: "document", entries: Object.values(documents ?? {}) },
  ].filter((g) => g.entries.length > 0);
  const all = groups.flatMap((g) => g.entries);
  const outcome = (e: Entry) => (e?.status === "failed" ? outcomeCodes[e.error?.code ?? ""] : undefined);
  if (all.length === 0 || !all.every((e) => e?.status === "succeeded" || outcome(e))) return undefined;
  const outcomes = new Map<string, number>();
  for (const e of all) {
    const why = outcome(e);
    if (why) outcomes.set(why, (outcomes.get(why) ?? 0) + 1);
  }
  if (outcomes.size === 0) return `All ${groups.map((g) => counted(g.entries.length, g.word)).join(" and ")} delivered`;
  const delivered = groups.map(
    (g) => `${g.entries.filter((e) => e?.status === "succeeded").length} of ${counted(g.entries.length, g.word)}`,
  );
  return [`Delivered ${delivered.join(" and ")}`, ...[...outcomes].map(([why, n]) => `${n} ${why}`)].join(" · ");
}
