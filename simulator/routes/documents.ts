import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { apiError } from "../api-error";
import { companyData } from "../company-data";
import type { SimulatorContext } from "../simulator-context";
import { documentSignature } from "../snapshot";

/** A one-page PDF standing in for a register extract. */
function tinyPdf(title: string): string {
  const text = title.replace(/[()\\]/g, "");
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length ${44 + text.length}>>stream\nBT /F1 14 Tf 72 770 Td (${text}) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return body;
}

export function documentRoutes(ctx: SimulatorContext) {
  const app = new Hono();
  const { state } = ctx.store;

  /** The documents a company has, with prices (free, like the availableDocuments datapoint). */
  app.get("/", (c) => {
    const { countryCode, companyId } = c.req.query();
    if (!countryCode || !companyId) return apiError(c, 400, "invalid_request", "countryCode and companyId are required.");
    return c.json({ countryCode, companyId, availableDocuments: companyData(state, countryCode, companyId).availableDocuments });
  });

  /** A signed download URL from a snapshot; it expires after 15 minutes. */
  app.get("/:requestId/:documentId", (c) => {
    const { requestId, documentId } = c.req.param();
    const expires = Number(c.req.query("expires"));
    const given = Buffer.from(c.req.query("signature") ?? "");
    const expected = Buffer.from(documentSignature(ctx, requestId, documentId, expires));
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return apiError(c, 403, "invalid_signature", "This download link is not valid.");
    if (!Number.isFinite(expires) || expires < ctx.clock.now().getTime()) {
      return apiError(c, 403, "url_expired", "This download link has expired; read the request again for a fresh one.");
    }
    const request = state.requests[requestId];
    if (!request || request.dataStatus.documents[documentId]?.status !== "succeeded")
      return apiError(c, 404, "not_found", "No such document.");
    c.header("Content-Disposition", `attachment; filename="${documentId.replace(/[^\w.-]/g, "_")}.pdf"`);
    return c.body(tinyPdf(`${request.companyId} ${documentId}`), 200, { "Content-Type": "application/pdf" });
  });

  return app;
}
