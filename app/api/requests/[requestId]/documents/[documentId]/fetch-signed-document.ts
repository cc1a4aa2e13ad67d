import "server-only";
import { db } from "@/db/client";
import { snapshotDocuments, type DossierDocument } from "@/lib/requests/snapshot-documents";
import { connectionTarget, findConnection } from "@/lib/connections/manage-connections";
import { appEnv } from "@/lib/env";
import { createRegistryClient } from "@/lib/registry/client";
import { RegistryError } from "@/lib/registry/registry-error";
import type { CompanyResponse } from "@/lib/registry/schemas";
import type { DocumentUrlPolicy } from "@/lib/requests/document-url-policy";
import { defaultDownloadLimits, fetchDocumentFile, type DownloadLimits } from "@/lib/requests/fetch-document-file";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import type { StoredRequest } from "@/lib/requests/stored-request";

/** A signed URL this close to expiry is refreshed before use rather than tried. */
const expiryMarginMs = 30_000;

export type SignedDocument =
  | { ok: true; document: DossierDocument; response: Response; refreshed: boolean }
  | { ok: false; status: number; code: string; message: string };

type Dependencies = { fetch: typeof fetch; now: () => number; limits: DownloadLimits; fileHosts: readonly string[] };

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
  const expires = Number(document.downloadUrl && URL.canParse(document.downloadUrl) && new URL(document.downloadUrl).searchParams.get("expires"));
  return Number.isFinite(expires) && expires > 0 && expires - expiryMarginMs <= now;
}

/** The register's file host refuses an expired or otherwise stale signature with 401/403/410. */
const refusedAsStale = (status: number) => status === 401 || status === 403 || status === 410;

async function freshSnapshot(request: StoredRequest): Promise<{ ok: true; snapshot: CompanyResponse } | { ok: false; error: { status: number; code: string; message: string } }> {
  const target = request.connectionId ? await connectionTarget(request.connectionId) : undefined;
  if (!target || !request.connectionId) return { ok: false, error: { status: 502, code: "no_connection", message: "The request's registry connection no longer exists, so no fresh download link can be asked for." } };
  try {
    const snapshot = await createRegistryClient(target).getCompany(request.requestId);
    const connectionId = request.connectionId;
    await db().transaction((tx) => storeSnapshot(tx, connectionId, snapshot, "poll"));
    return { ok: true, snapshot };
  } catch (error) {
    if (error instanceof RegistryError) return { ok: false, error: { status: 502, code: error.code, message: error.message } };
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
export async function fetchSignedDocument(request: StoredRequest, documentId: string, dependencies: Partial<Dependencies> = {}): Promise<SignedDocument> {
  const deps = { ...defaults(), ...dependencies };
  const find = (snapshot: CompanyResponse | null) => snapshotDocuments(snapshot).find((d) => d.id === documentId);
  let document = find(request.snapshot);
  if (!document) return { ok: false, status: 404, code: "document_not_found", message: "This request has no document with this id." };
  if (!document.delivered || !document.downloadUrl) return { ok: false, status: 409, code: "document_not_delivered", message: "This document has not been delivered for this request (yet), so there is nothing to download." };

  let refreshed = false;
  const refresh = async (): Promise<SignedDocument | undefined> => {
    const fresh = await freshSnapshot(request);
    if (!fresh.ok) return { ok: false, ...fresh.error };
    refreshed = true;
    document = find(fresh.snapshot);
    if (!document?.downloadUrl) return { ok: false, status: 502, code: "document_not_delivered", message: "The registry's current snapshot no longer offers a download link for this document." };
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
    return { ok: false, status: 502, code: body?.error?.code ?? "download_failed", message: body?.error?.message ?? `The register's file host answered ${response.status}.` };
  }
  return { ok: true, document, response, refreshed };
}
