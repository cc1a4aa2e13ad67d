import "server-only";
/** Response headers of a Server-Sent Events stream (the live bus and the search stream). */
export const eventStreamHeaders = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: Next's gzip (the `compression` package) and proxies leave the stream alone, so each
  // event is flushed as written instead of sitting in a compression buffer.
  "Cache-Control": "no-cache, no-transform",
  // nginx would otherwise buffer the response.
  "X-Accel-Buffering": "no",
} as const;
