import "server-only";
const deliveryPath = /^\/api\/webhooks\/registry\/([^/?#]+)(?:\?.*)?$/;

/**
 * The connection id when a request is a webhook delivery (`POST /api/webhooks/registry/<id>`), else undefined:
 * everything else (other methods, a trailing slash, an id that is not valid percent-encoding) goes to Next.js,
 * whose route for the same URL answers it as before.
 */
export function webhookDeliveryTarget(method: string | undefined, url: string | undefined): string | undefined {
  if (method !== "POST" || !url) return undefined;
  const encoded = deliveryPath.exec(url)?.[1];
  if (encoded === undefined) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}
