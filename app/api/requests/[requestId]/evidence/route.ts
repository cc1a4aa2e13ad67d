import { registryRoute } from "@/lib/registry-seam/registry-route";
import { evidencePack, evidencePackResponse } from "@/lib/evidence/evidence-pack";
import { errorResponse } from "@/lib/http/error-status";
import { fetchSignedDocument } from "@/lib/requests/fetch-signed-document";

/**
 * The evidence pack of a request as a ZIP download, streamed while it is assembled (lib/evidence/evidence-pack.ts).
 * Capability `exportEvidence` (compliance, admin, auditor): an auditor exports what was ordered, never orders.
 * The request's own connection is opened only if a document's signed link must be refreshed (free).
 */
export const GET = registryRoute(
  "exportEvidence",
  async (_request, _context: RouteContext<"/api/requests/[requestId]/evidence">, { user, followed: request, registry }) => {
    if (!request.snapshot)
      return errorResponse({
        code: "request_not_delivered",
        message: "The registry has delivered nothing for this request yet, so there is no evidence to export.",
      });
    const zip = evidencePack(request, user, { fetchDocument: (documentId) => fetchSignedDocument(request, documentId, { registry }) });
    return evidencePackResponse(zip, request.requestId);
  },
  { followUp: async (context) => (await context.params).requestId },
);
