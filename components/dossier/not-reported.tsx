import type { ReactNode } from "react";

/** What a field the register does not report reads as: said plainly, never an empty box. */
export function NotReported({ what }: { what?: string }) {
  return (
    <span className="text-muted-foreground italic">{what ? `${what}: not reported by the register` : "Not reported by the register"}</span>
  );
}

/** True when a value carries nothing to show (undefined, null, blank text, an empty list or object). */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.values(value).every(isBlank);
  return false;
}

/** One labelled fact of a dossier: its value, or "Not reported by the register". */
export function Fact({ label, value, children }: { label: string; value?: unknown; children?: ReactNode }) {
  const blank = children === undefined ? isBlank(value) : children === null || children === false;
  return (
    <div className="min-w-0 space-y-0.5" data-fact={label}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm [overflow-wrap:anywhere]">{blank ? <NotReported /> : (children ?? String(value))}</dd>
    </div>
  );
}

/** A grid of facts that wraps to one column on narrow screens. */
export function FactGrid({ children }: { children: ReactNode }) {
  return <dl className="grid min-w-0 gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</dl>;
}

/** A titled block of a tab. */
export function DossierSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id ? `${id}-title` : undefined} id={id} className="min-w-0 space-y-2 rounded-md border p-3 sm:p-4">
      <h2 id={id ? `${id}-title` : undefined} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
