/** Times on the webhook pages: UTC to the millisecond, and the gap between two deliveries in words. */

export const utcTime = (at: Date) => at.toISOString().replace("T", " ").slice(0, 23);

export function formatGap(ms: number): string {
  if (ms < 1) return `${Math.round(ms * 1000)} µs`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
  return `${Math.floor(ms / 3_600_000)} h ${Math.round((ms % 3_600_000) / 60_000)} min`;
}

export const formatProcessingMs = (ms: number) => (ms < 10 ? ms.toFixed(1) : Math.round(ms).toString());
