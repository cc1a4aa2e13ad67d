import "server-only";
import { db } from "@/db/client";
import { snapshotDocuments, type DossierDocument } from "@/lib/dossier/snapshot-documents.shared";
import { ConnectionKeyUnreadableError } from "@/lib/connections/connection-key-unreadable.shared";
import { findConnection } from "@/lib/connections/manage-connections";
import { registryFor, type Registry } from "@/lib/connections/registry-for";
import { appEnv } from "@/lib/env";
import { errorStatuses } from "@/lib/http/error-status";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import type { DocumentUrlPolicy } from "@/lib/requests/document-url-policy";
import { defaultDownloadLimits, fetchDocumentFile, type DownloadLimits } from "@/lib/requests/fetch-document-file";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import type { StoredRequest } from "@/lib/requests/stored-request";

/** A signed URL this close to expiry is refreshed before use rather than tried. */
const expiryMarginMs = 30_000;

export type SignedDocument =
  | { ok: true; document: DossierDocument; response: Response; refreshed: boolean }
  | { ok: false; status: number; code: string; message: string };

type Dependencies = {
  fetch: typeof fetch;
  now: () => number;
  limits: DownloadLimits;
  fileHosts: readonly string[];
  /** Opens the request's own connection, asked only when the link must be refreshed (by default registryFor). */
  registry?: () => Promise<Registry>;
};

type Failure = Extract<SignedDocument, { ok: false }>;

/** A refusal of the console's own, its status from the table. */
const refusal = (code: "document_not_found" | "document_not_delivered", message: string): Failure => ({
  ok: false,
  status: errorStatuses[code],
  code,
  message,
});

/** The registry (or the file host) failed us: a gateway failure, keeping its code and words. */
const upstreamFailure = (code: string, message: string): Failure => ({ ok: false, status: errorStatuses.upstream, code, message });

const defaults = (): Dependencies => ({
  fetch,
  now: Date.now,
  limits: { ...defaultDownloadLimits, maxBytes: appEnv().DOCUMENT_MAX_BYTES },
  fileHosts: appEnv().REGISTRY_FILE_HOSTS,
});

function expiredBeforeUse(document: DossierDocument, now: number): boolean {
  if (document.urlExpiresAt) {
    const at = Date.parse(document.urlExpiresAt);
    if (Number.isFinite(at)) return at - expiryMarginMs <= now;
  }
  const expires = Number(
    document.downloadUrl && URL.canParse(document.downloadUrl) && new URL(document.downloadUrl).searchParams.get("expires"),
  );
  return Number.isFinite(expires) && expires > 0 && expires - expiryMarginMs <= now;
}

/** The register's file host refuses an expired or otherwise stale signature with 401/403/410. */
const refusedAsStale = (status: number) => status === 401 || status === 403 || status === 410;

async function freshSnapshot(
  request: StoredRequest,
  registry: () => Promise<Registry>,
): Promise<{ ok: true; snapshot: CompanyResponse } | Failure> {
  try {
    const { connection, client } = await registry();
    const snapshot = await client.getCompany(request.requestId);
    await db().transaction((tx) => storeSnapshot(tx, connection.id, snapshot, "poll"));
    return { ok: true, snapshot };
  } catch (error) {
    // A key this server cannot read is not the registry's answer: the route's seam answers it, with its remedy.
    if (error instanceof RegistryError && !(error instanceof ConnectionKeyUnreadableError))
      return upstreamFailure(error.code, error.message);
    throw error;
  }
}

/** The file hosts a request's documents may come from: its connection's (see document-url-policy.ts). */
async function urlPolicy(request: StoredRequest, fileHosts: readonly string[]): Promise<DocumentUrlPolicy> {
  const connection = request.connectionId ? await findConnection(request.connectionId) : undefined;
  return { fileHosts, connection: connection && { environment: connection.environment, baseUrl: connection.baseUrl } };
}

/**
 * Opens a delivered document of a stored request through its signed URL, only from the registry's file hosts
 * and within the time and size limits (lib/requests/fetch-document-file.ts). When the URL has expired (by its
 * stated expiry, or because the file host refuses it) it asks the registry for the request again
 * (`GET /v2/company/{requestId}`, free), keeps that snapshot, and uses the fresh URL once.
 */
export async function fetchSignedDocument(
  request: StoredRequest,
  documentId: string,
  dependencies: Partial<Dependencies> = {},
): Promise<SignedDocument> {
  const deps = { ...defaults(), ...dependencies };
  const find = (snapshot: CompanyResponse | null) => snapshotDocuments(snapshot).find((d) => d.id === documentId);
  let document = find(request.snapshot);
  if (!document) return refusal("document_not_found", "This request has no document with this id.");
  if (!document.delivered || !document.downloadUrl)
    return refusal(
      "document_not_delivered",
      "This document has not been delivered for this request (yet), so there is nothing to download.",
    );

  let refreshed = false;
  const refresh = async (): Promise<SignedDocument | undefined> => {
    const fresh = await freshSnapshot(request, deps.registry ?? (() => registryFor(request)));
    if (!fresh.ok) return fresh;
    refreshed = true;
    document = find(fresh.snapshot);
    if (!document?.downloadUrl)
      return upstreamFailure(
        "document_not_delivered",
        "The registry's current snapshot no longer offers a download link for this document.",
      );
    return undefined;
  };

  if (expiredBeforeUse(document, deps.now())) {
    const failed = await refresh();
    if (failed) return failed;
  }
  const policy = await urlPolicy(request, deps.fileHosts);
  const open = () => fetchDocumentFile(document!.downloadUrl!, policy, deps.limits, deps.fetch);
  let opened = await open();
  if (opened.ok && refusedAsStale(opened.response.status) && !refreshed) {
    await opened.response.arrayBuffer().catch(() => undefined); // a short refusal; read to the end so the connection is released
    const failed = await refresh();
    if (failed) return failed;
    opened = await open();
  }
  if (!opened.ok) return opened;
  const { response } = opened;
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => undefined)) as { error?: { code?: string; message?: string } } | undefined;
    return upstreamFailure(
      body?.error?.code ?? "download_failed",
      body?.error?.message ?? `The register's file host answered ${response.status}.`,
    );
  }
  return { ok: true, document, response, refreshed };
}
