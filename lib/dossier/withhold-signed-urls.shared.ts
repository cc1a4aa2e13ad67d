/**
 * Signed document URLs never reach the browser: whoever holds one downloads the file, unaudited, until it
 * expires. Every snapshot a page, a JSON answer or the Raw tab shows passes through here on the server; the
 * documents are downloaded through the console's audited route instead. Pure.
 */

/** What stands in the snapshot where a signed URL was. */
export const signedUrlWithheld = "signed URL withheld; download through the console";

/** The fields of a document that hold its signed link: the spec's `url` and `pdfUrl`, the simulator's `downloadUrl`. */
const documentUrlFields = new Set(["url", "pdfUrl", "downloadUrl"]);
/** The sections of a snapshot that hold documents. */
const documentSections = new Set(["documents", "availableDocuments"]);
/** Query parameters that make a URL a credential: `signature`, `sig` (Azure SAS), `token`, `X-Amz-Signature`, `X-Goog-Signature`, `X-Amz-Security-Token`… */
const signingParameter = /(^|[-_])(signature|sig|token)$/i;

function isSignedUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return false;
  return [...new URL(value).searchParams.keys()].some((name) => signingParameter.test(name));
}

function withhold(value: unknown, inDocuments: boolean): unknown {
  if (typeof value === "string") return isSignedUrl(value) ? signedUrlWithheld : value;
  if (Array.isArray(value)) return value.map((item) => withhold(item, inDocuments));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      if (inDocuments && documentUrlFields.has(key) && typeof field === "string" && field) return [key, signedUrlWithheld];
      return [key, withhold(field, inDocuments)];
    }),
  );
}

/**
 * A copy of a snapshot without its signed URLs: every document's `url`, `pdfUrl` and `downloadUrl`, and any
 * other URL carrying a signature or token parameter, read "signed URL withheld; download through the console".
 * A document stays recognisable as delivered (its link field is still set).
 */
export function withholdSignedUrls<T>(snapshot: T): T {
  if (snapshot === null || typeof snapshot !== "object" || Array.isArray(snapshot)) return withhold(snapshot, false) as T;
  return Object.fromEntries(Object.entries(snapshot).map(([key, section]) => [key, withhold(section, documentSections.has(key))])) as T;
}
