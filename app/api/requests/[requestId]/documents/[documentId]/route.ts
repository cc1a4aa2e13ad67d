import { NextResponse } from "next/server";
import { audit } from "@/lib/audit/audit";
import { roleRoute } from "@/lib/auth/role-route";
import { sectionFor } from "@/lib/navigation/sections";
import { storedRequest } from "@/lib/requests/stored-request";
import { fetchSignedDocument } from "./fetch-signed-document";

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
 * Downloads a delivered document of a request: the signed URL is used server-side (refreshed when it has
 * expired), the file is streamed through, and the download is audited.
 */
export const GET = roleRoute(sectionFor("/requests").roles, async (_request, context: RouteContext<"/api/requests/[requestId]/documents/[documentId]">, user) => {
  const { requestId, documentId } = await context.params;
  const request = await storedRequest(requestId);
  if (!request) return NextResponse.json({ error: { code: "not_found", message: "This console has no request with this id." } }, { status: 404 });
  const result = await fetchSignedDocument(request, documentId);
  if (!result.ok) return NextResponse.json({ error: { code: result.code, message: result.message } }, { status: result.status });

  const { document, response, refreshed } = result;
  const contentType = response.headers.get("content-type") ?? "application/octet-stream";
  const name = `${(document.nameInEnglish ?? document.name ?? document.id).slice(0, 120)}.${extensionFor(document.format, contentType)}`;
  await audit(user, "document.downloaded", requestId, { documentId, name: document.name ?? null, companyId: request.companyId, countryCode: request.countryCode, refreshedUrl: refreshed });
  const headers = new Headers({ "Content-Type": contentType, "Content-Disposition": contentDisposition(name), "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  const length = response.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(response.body, { status: 200, headers });
});
