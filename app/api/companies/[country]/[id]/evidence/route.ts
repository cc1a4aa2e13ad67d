import { registryRoute } from "@/lib/registry-seam/registry-route";
import { readCompanyFile } from "@/lib/company-file/company-file-view";
import { evidencePack, evidencePackResponse } from "@/lib/evidence/evidence-pack";
import { errorResponse } from "@/lib/http/error-status";
import { fetchSignedDocument } from "@/lib/requests/fetch-signed-document";
import { storedRequest } from "@/lib/requests/stored-request";

/**
 * The evidence pack of a company file as of now (lib/evidence/evidence-pack.ts): the merged file (its graph with
 * every expansion), every document delivered for the company, each fetched through the request that brought it, and
 * sources.json saying where each datapoint came from and when. Capability `exportEvidence`; the file is the one of
 * the connection the user works through, as on the company page.
 */
export const GET = registryRoute(
  "exportEvidence",
  async (_request, context: RouteContext<"/api/companies/[country]/[id]/evidence">, { user, registry }) => {
    const { country, id: rawId } = await context.params;
    const companyId = decodeURIComponent(rawId);
    const { connection } = await registry();
    const file = await readCompanyFile({ connectionId: connection.id, countryCode: country, companyId });
    if (!file)
      return errorResponse({ code: "not_found", message: "This console holds nothing on this company through the connection in use." });
    const sourceOf = new Map(
      Object.values(file.snapshot.documents ?? {})
        .flat()
        .map((d) => [String((d as { id?: unknown }).id), String((d as { sourceRequestId?: unknown }).sourceRequestId)]),
    );
    const fetchDocument = async (documentId: string) => {
      const source = await storedRequest(sourceOf.get(documentId) ?? "");
      if (!source)
        return { ok: false as const, status: 404, code: "document_not_found", message: "The request that brought this document is gone." };
      return fetchSignedDocument(source, documentId, { registry });
    };
    const asOf = new Date();
    const zip = evidencePack(
      {
        requestId: file.latestRequestId ?? `${country} ${companyId}`,
        origin: "console",
        connectionId: connection.id,
        countryCode: country,
        companyId,
        companyName: file.companyName,
        version: 0,
        complete: true,
        snapshot: file.snapshot,
        createdAt: file.updatedAt,
        updatedAt: file.updatedAt,
        webhooksConfigured: false,
      },
      user,
      {
        fetchDocument,
        now: () => asOf,
        extraFiles: [
          {
            path: "sources.json",
            json: { companyFile: `${country} ${companyId}`, asOf, sources: file.sources, graphPurchases: file.graphParts },
          },
        ],
      },
    );
    return evidencePackResponse(zip, `${country}-${companyId}-${asOf.toISOString().slice(0, 10)}`);
  },
);
