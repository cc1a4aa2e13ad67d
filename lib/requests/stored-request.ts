import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { companyRequests, registryConnections } from "@/db/schema";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import type { RequestOrigin } from "./origins";
import { withholdSignedUrls } from "@/lib/dossier/withhold-signed-urls.shared";

/** A request as a page may see it: the merged snapshot and whether webhooks can be expected for it. */
export type StoredRequest = {
  requestId: string;
  origin: RequestOrigin;
  connectionId: string | null;
  countryCode: string | null;
  companyId: string | null;
  companyName: string | null;
  version: number;
  complete: boolean;
  snapshot: CompanyResponse | null;
  createdAt: string;
  updatedAt: string;
  /** The request's connection has a signing secret: webhooks can be verified, so live updates are expected. */
  webhooksConfigured: boolean;
};

export async function storedRequest(requestId: string): Promise<StoredRequest | undefined> {
  const [row] = await db()
    .select({ request: companyRequests, secret: registryConnections.webhookSecretSealed })
    .from(companyRequests)
    .leftJoin(registryConnections, eq(registryConnections.id, companyRequests.connectionId))
    .where(eq(companyRequests.requestId, requestId));
  if (!row) return undefined;
  const { request } = row;
  return {
    requestId: request.requestId,
    origin: request.origin,
    connectionId: request.connectionId,
    countryCode: request.countryCode,
    companyId: request.companyId,
    companyName: request.companyName,
    version: request.version,
    complete: request.complete,
    snapshot: (request.snapshot as CompanyResponse | null) ?? null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    webhooksConfigured: row.secret !== null,
  };
}

/**
 * A request as it may leave the server (page props, JSON answers): its snapshot without signed URLs, so every
 * download goes through the console's audited route.
 */
export function withoutSignedUrls(request: StoredRequest): StoredRequest {
  return { ...request, snapshot: withholdSignedUrls(request.snapshot) };
}
