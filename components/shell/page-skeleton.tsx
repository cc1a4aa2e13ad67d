/**
 * What a section shows while its page's data loads (its `loading.tsx`): a status in words for screen readers, and
 * grey blocks where the heading, the filters and the rows will be. The blocks are hidden from assistive technology;
 * the whole is marked busy until the page replaces it.
 */
export function PageSkeleton({ label, filters = 3, rows = 8 }: { label: string; filters?: number; rows?: number }) {
  return (
    <div aria-busy="true" className="space-y-4" data-testid="page-skeleton">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div aria-hidden="true" className="animate-pulse space-y-4 motion-reduce:animate-none">
        <div className="space-y-2">
          <div className="h-8 w-48 max-w-full rounded-md bg-muted" />
          <div className="h-4 w-96 max-w-full rounded-md bg-muted" />
        </div>
        {filters > 0 && (
          <div className="flex flex-wrap gap-3">
            {Array.from({ length: filters }, (_, i) => (
              <div key={i} className="h-9 w-40 max-w-full rounded-md bg-muted" />
            ))}
          </div>
        )}
        <div className="divide-y rounded-md border">
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className="flex items-center gap-4 px-4 py-3">
              <div className="h-4 w-1/3 rounded bg-muted" />
              <div className="h-4 w-1/4 rounded bg-muted" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
