import "server-only";
import { errorStatuses } from "@/lib/http/error-status";
import { checkDocumentUrl, type DocumentUrlPolicy } from "./document-url-policy";

export type DownloadLimits = {
  /** For the whole transfer: the answer and every byte of the file. */
  timeoutMs: number;
  maxBytes: number;
  /** Redirects followed on the same host; a redirect to another host is refused at once. */
  maxRedirects: number;
};

export const defaultDownloadLimits = { timeoutMs: 30_000, maxRedirects: 3 } as const;

export type FileFetch = { ok: true; response: Response } | { ok: false; status: number; code: string; message: string };

/** 52428800 → "50 MiB"; 1024 → "1 KiB". */
function sizeText(bytes: number): string {
  const [unit, size] = bytes >= 1024 ** 2 ? ["MiB", 1024 ** 2] : bytes >= 1024 ? ["KiB", 1024] : ["bytes", 1];
  return `${Math.round((bytes / size) * 100) / 100} ${unit}`;
}

/** Raised inside the body stream when a file without a (truthful) Content-Length grows past the limit. */
export class DocumentTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(
      `The document is larger than the console's download limit of ${sizeText(maxBytes)} (DOCUMENT_MAX_BYTES), so it was not downloaded.`,
    );
    this.name = "DocumentTooLargeError";
  }
}

type FailureCode = "document_url_refused" | "document_too_large" | "document_timeout" | "download_failed";

/** A failed download, its status from the table (lib/http/error-status.ts). */
const failure = (code: FailureCode, message: string): FileFetch => ({ ok: false, status: errorStatuses[code], code, message });
const refused = (message: string): FileFetch => failure("document_url_refused", message);
const isRedirect = (status: number) => status >= 300 && status < 400;

/** The answer with its body counted: past `maxBytes` the stream fails (and the file host's answer is cancelled). */
function capped(response: Response, maxBytes: number): FileFetch {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body?.cancel();
    return failure("document_too_large", new DocumentTooLargeError(maxBytes).message);
  }
  if (!response.body) return { ok: true, response };
  let seen = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new DocumentTooLargeError(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  return {
    ok: true,
    response: new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers }),
  };
}

/**
 * Fetches a document's signed URL when the policy allows it (checked before any network call, and again at
 * each redirect, which is followed only on the same host), within a time limit and a size limit. Never
 * throws for what the file host does: a refusal, a time-out or a failure comes back with its words.
 */
export async function fetchDocumentFile(
  raw: string,
  policy: DocumentUrlPolicy,
  limits: DownloadLimits,
  fetchImpl: typeof fetch = fetch,
): Promise<FileFetch> {
  const first = checkDocumentUrl(raw, policy);
  if (!first.ok) return refused(first.message);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = first.url;
  for (let redirects = 0; ; redirects++) {
    let response: Response;
    try {
      response = await fetchImpl(url.href, { cache: "no-store", redirect: "manual", signal });
    } catch (error) {
      if (signal.aborted)
        return failure("document_timeout", `The register's file host at ${url.origin} did not answer within ${limits.timeoutMs / 1000} s.`);
      return failure(
        "download_failed",
        `The register's file host at ${url.origin} could not be reached (${String((error as Error).cause ?? (error as Error).message)}).`,
      );
    }
    if (!isRedirect(response.status)) return capped(response, limits.maxBytes);

    void response.body?.cancel();
    const location = response.headers.get("location");
    const next = location && URL.canParse(location, url) ? new URL(location, url) : undefined;
    if (!next)
      return refused(
        `The file host at ${url.origin} answered ${response.status} without a usable Location, so there was nothing to download.`,
      );
    if (next.host !== url.host) {
      return refused(
        `The file host at ${url.origin} redirected to ${next.origin}; the console follows a redirect only on the same host, so nothing was fetched there.`,
      );
    }
    if (redirects >= limits.maxRedirects)
      return refused(`The file host at ${url.origin} redirected more than ${limits.maxRedirects} times, so the download was given up.`);
    const again = checkDocumentUrl(next.href, policy);
    if (!again.ok) return refused(again.message);
    url = again.url;
  }
}
