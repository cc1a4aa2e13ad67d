export default function Loading() {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <div className="h-7 w-48 animate-pulse rounded bg-muted" />
      <div className="h-4 w-96 max-w-full animate-pulse rounded bg-muted" />
      <div className="h-40 animate-pulse rounded bg-muted" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
