import "server-only";
const livePath = /^\/api\/live(?:\?.*)?$/;

/**
 * Whether a request opens a tab's live stream (`GET /api/live`, with or without a query), which the app server
 * serves from node:http (serve-live.ts); everything else at that path goes to Next.js, whose route answers it.
 */
export function isLiveStreamRequest(method: string | undefined, url: string | undefined): boolean {
  return method === "GET" && url !== undefined && livePath.test(url);
}
