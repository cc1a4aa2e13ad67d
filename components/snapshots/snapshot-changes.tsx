import { Badge } from "@/components/ui/badge";
import { TechnicalDetails } from "@/components/ui/technical-details";
import { isStructured, lastField, pathWords, sectionLabel, valueWords } from "@/lib/snapshots/change-words";
import type { SnapshotChange } from "@/lib/snapshots/snapshot-diff";

const kindLabels: Record<SnapshotChange["kind"], string> = { added: "Added", removed: "Removed", changed: "Changed" };
const kindVariants = { added: "success", removed: "destructive", changed: "warning" } as const;

/** A value in words (a record as "field: value" pairs), folded when long; a record's shape as sent under Technical details. */
function Value({ value, field }: { value: unknown; field: string | undefined }) {
  const text = valueWords(value, field);
  return (
    <>
      {text.length <= 160 ? (
        <span className="[overflow-wrap:break-word]">{text}</span>
      ) : (
        <details>
          <summary className="cursor-pointer [overflow-wrap:break-word]">{text.slice(0, 120)}…</summary>
          <p className="mt-1 [overflow-wrap:break-word]">{text}</p>
        </details>
      )}
      {isStructured(value) && <TechnicalDetails className="mt-1">{JSON.stringify(value)}</TechnicalDetails>}
    </>
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
                {/* On a phone each change folds into a block of its own (the table-stacked utility): no word is cut. */}
                <table className="table-stacked w-full text-sm">
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
                    {own.map((change, i) => {
                      const field = lastField(change);
                      return (
                        <tr key={i} data-change={change.kind} data-path={[change.section, ...change.path].join(".")}>
                          <td className="px-3 py-2 align-top font-medium sm:font-normal">
                            <span className="[overflow-wrap:break-word]">{pathWords(change).join(" › ") || "The whole section"}</span>
                            {change.path.length > 0 && (
                              <TechnicalDetails className="mt-1">{[change.section, ...change.path].join(" › ")}</TechnicalDetails>
                            )}
                          </td>
                          <td className="px-3 py-2 align-top" data-label="Change">
                            <Badge variant={kindVariants[change.kind]}>{kindLabels[change.kind]}</Badge>
                          </td>
                          <td className="px-3 py-2 align-top" data-label="Before">
                            {change.kind === "added" ? "—" : <Value value={change.before} field={field} />}
                          </td>
                          <td className="px-3 py-2 align-top" data-label="After">
                            {change.kind === "removed" ? "—" : <Value value={change.after} field={field} />}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </section>
          );
        })}
    </div>
  );
}
