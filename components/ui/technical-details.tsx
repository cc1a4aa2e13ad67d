import type { ReactNode } from "react";
import { cn } from "@/lib/cn.shared";

/**
 * The one place a page may show the API's own names (keys, codes, JSON, endpoint paths): a native disclosure
 * labelled "Technical details", closed by default. `data-technical-details` marks it for the page sweep
 * (e2e/page-sweep.spec.ts), which ignores what is inside.
 */
export function TechnicalDetails({
  children,
  className,
  summary = "Technical details",
}: {
  children: ReactNode;
  className?: string;
  summary?: string;
}) {
  return (
    <details data-technical-details="" className={cn("text-xs text-muted-foreground", className)}>
      <summary className="cursor-pointer select-none">{summary}</summary>
      <div className="mt-1 font-mono break-all">{children}</div>
    </details>
  );
}
