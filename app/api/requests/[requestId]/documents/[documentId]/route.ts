import { audit } from "@/lib/audit/audit";
import { registryRoute } from "@/lib/registry-seam/registry-route";
import { errorResponse } from "@/lib/http/error-status";
import { fetchSignedDocument } from "@/lib/requests/fetch-signed-document";

const extensionFor = (format: string | undefined, contentType: string | null) => {
  if (format && /^[a-z0-9]{1,8}$/i.test(format)) return format.toLowerCase();
  return contentType?.includes("pdf") ? "pdf" : "bin";
};

/** An ASCII fallback and an RFC 5987 UTF-8 name, so register names in any script survive the download. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Downloads a delivered document of a request: the signed URL is used server-side (refreshed through the
 * request's own connection when it has expired), the file is streamed through, and the download is audited.
 */
export const GET = registryRoute(
  "readDossiers",
  async (_request, context: RouteContext<"/api/requests/[requestId]/documents/[documentId]">, { user, followed: request, registry }) => {
    const { documentId } = await context.params;
    const result = await fetchSignedDocument(request, documentId, { registry });
    if (!result.ok) return errorResponse(result);

    const { document, response, refreshed } = result;
    const contentType = response.headers.get("content-type") ?? "application/octet-stream";
    const name = `${(document.nameInEnglish ?? document.name ?? document.id).slice(0, 120)}.${extensionFor(document.format, contentType)}`;
    await audit(user, "document.downloaded", request.requestId, {
      documentId,
      name: document.name ?? null,
      companyId: request.companyId,
      countryCode: request.countryCode,
      refreshedUrl: refreshed,
    });
    const headers = new Headers({
      "Content-Type": contentType,
      "Content-Disposition": contentDisposition(name),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    });
    const length = response.headers.get("content-length");
    if (length) headers.set("Content-Length", length);
    return new Response(response.body, { status: 200, headers });
  },
  { followUp: async (context) => (await context.params).requestId },
);
