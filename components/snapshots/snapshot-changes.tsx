import { Badge } from "@/components/ui/badge";
import { datapointLabels, orderableDatapoints, type OrderableDatapoint } from "@/lib/orders/quote";
import type { SnapshotChange } from "@/lib/snapshots/snapshot-diff";

const kindLabels: Record<SnapshotChange["kind"], string> = { added: "Added", removed: "Removed", changed: "Changed" };
const kindVariants = { added: "success", removed: "destructive", changed: "warning" } as const;

export function sectionLabel(section: string): string {
  if ((orderableDatapoints as readonly string[]).includes(section)) return datapointLabels[section as OrderableDatapoint];
  if (section === "companyRelationships") return "Company relationships";
  return section;
}

/** A value as one line: text as it is, an object or list as compact JSON (a person, a holding, an address). */
function shown(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

function Value({ value }: { value: unknown }) {
  const text = shown(value);
  if (text.length <= 160) return <span className="[overflow-wrap:anywhere]">{text}</span>;
  return (
    <details>
      <summary className="cursor-pointer [overflow-wrap:anywhere]">{text.slice(0, 120)}…</summary>
      <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap text-xs">{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/**
 * The field-level changes between two snapshots, section by section: what was added, removed or changed, old →
 * new. Rendered on the server: no script of its own.
 */
export function SnapshotChanges({ changes, sections }: { changes: SnapshotChange[]; sections: readonly string[] }) {
  if (sections.length === 0)
    return (
      <p role="status" className="rounded-md border px-4 py-3 text-sm" data-testid="no-changes">
        The two snapshots hold no datapoint in common, so there is nothing to compare.
      </p>
    );
  if (changes.length === 0)
    return (
      <p role="status" className="rounded-md border px-4 py-3 text-sm" data-testid="no-changes">
        No field changed in {sections.map(sectionLabel).join(", ")}.
      </p>
    );
  return (
    <div className="space-y-6" data-testid="snapshot-changes">
      {sections
        .filter((section) => changes.some((c) => c.section === section))
        .map((section) => {
          const own = changes.filter((c) => c.section === section);
          return (
            <section key={section} aria-labelledby={`changes-${section}`} className="space-y-2">
              <h3 id={`changes-${section}`} className="font-semibold">
                {sectionLabel(section)}{" "}
                <span className="text-sm font-normal text-muted-foreground">
                  ({own.length} change{own.length === 1 ? "" : "s"})
                </span>
              </h3>
              <div className="overflow-x-auto rounded-md border">
                <table className="w-full text-sm">
                  <thead className="bg-muted/50 text-left">
                    <tr>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Field
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Change
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Before
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        After
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y">
                    {own.map((change, i) => (
                      <tr key={i} data-change={change.kind} data-path={[change.section, ...change.path].join(".")}>
                        <td className="px-3 py-2 align-top font-mono text-xs [overflow-wrap:anywhere]">
                          {change.path.join(" › ") || "(whole section)"}
                        </td>
                        <td className="px-3 py-2 align-top">
                          <Badge variant={kindVariants[change.kind]}>{kindLabels[change.kind]}</Badge>
                        </td>
                        <td className="px-3 py-2 align-top">{change.kind === "added" ? "—" : <Value value={change.before} />}</td>
                        <td className="px-3 py-2 align-top">{change.kind === "removed" ? "—" : <Value value={change.after} />}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          );
        })}
    </div>
  );
}
