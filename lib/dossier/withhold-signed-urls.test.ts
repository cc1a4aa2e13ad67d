import { describe, expect, it } from "vitest";
import { signedUrlWithheld, withholdSignedUrls } from "./withhold-signed-urls.shared";

const signed = (id: string) => `http://127.0.0.1:4010/v2/documents/req_1/${id}?expires=1767225600000&signature=c2lnbmF0dXJl`;

describe("withholding signed URLs from a snapshot", () => {
  it("replaces every document's link, single or listed, wherever the documents section nests it", () => {
    const snapshot = {
      request: { requestId: "req_1", documents: ["doc_a", "doc_b"] },
      documents: {
        tradeRegisterExtract: { id: "doc_a", name: "Auszug", downloadUrl: signed("doc_a"), urlExpiresAt: "2026-01-01T00:00:00Z" },
        financialStatements: [
          {
            id: "doc_b",
            url: "https://files.registry.example/b.pdf",
            pdfUrl: "https://files.registry.example/b-print.pdf",
            extractedFinancialData: { fiscalYear: 2024 },
          },
          { id: "doc_c", name: "Not delivered" },
        ],
        ultimateBeneficialOwnersCertificate: {
          id: "doc_d",
          url: signed("doc_d"),
          source: { register: "Handelsregister", documents: [{ name: "UBO list" }] },
        },
        futureSection: { nested: [{ id: "doc_e", url: "https://files.registry.example/e" }] },
      },
      availableDocuments: [
        { id: "doc_a", name: "Auszug", price: 3 },
        { id: "doc_f", url: "https://files.registry.example/f" },
      ],
    };
    expect(withholdSignedUrls(snapshot)).toEqual({
      request: { requestId: "req_1", documents: ["doc_a", "doc_b"] },
      documents: {
        tradeRegisterExtract: { id: "doc_a", name: "Auszug", downloadUrl: signedUrlWithheld, urlExpiresAt: "2026-01-01T00:00:00Z" },
        financialStatements: [
          { id: "doc_b", url: signedUrlWithheld, pdfUrl: signedUrlWithheld, extractedFinancialData: { fiscalYear: 2024 } },
          { id: "doc_c", name: "Not delivered" },
        ],
        ultimateBeneficialOwnersCertificate: {
          id: "doc_d",
          url: signedUrlWithheld,
          source: { register: "Handelsregister", documents: [{ name: "UBO list" }] },
        },
        futureSection: { nested: [{ id: "doc_e", url: signedUrlWithheld }] },
      },
      availableDocuments: [
        { id: "doc_a", name: "Auszug", price: 3 },
        { id: "doc_f", url: signedUrlWithheld },
      ],
    });
    expect(JSON.stringify(withholdSignedUrls(snapshot))).not.toMatch(/signature=|files\.registry\.example/);
    expect(snapshot.documents.tradeRegisterExtract.downloadUrl).toBe(signed("doc_a")); // the input is left as it was
  });

  it("withholds a URL with a signature or token anywhere else, and keeps plain URLs and text", () => {
    const snapshot = {
      request: { requestId: "req_1" },
      company: { id: "HRB 1", website: "https://www.example.com/about?lang=en", url: "https://www.example.com" },
      graph: { nodes: [{ id: "n1", logo: "https://cdn.example.com/logo.png?X-Amz-Signature=abc&X-Amz-Expires=900" }] },
      dataSources: { registry: { link: "https://files.example.com/x?sig=abc&se=2026", note: "signature=abc is not a URL" } },
      extra: { list: ["https://files.example.com/y?access_token=abc", 3, null, true] },
    };
    expect(withholdSignedUrls(snapshot)).toEqual({
      request: { requestId: "req_1" },
      company: { id: "HRB 1", website: "https://www.example.com/about?lang=en", url: "https://www.example.com" },
      graph: { nodes: [{ id: "n1", logo: signedUrlWithheld }] },
      dataSources: { registry: { link: signedUrlWithheld, note: "signature=abc is not a URL" } },
      extra: { list: [signedUrlWithheld, 3, null, true] },
    });
  });

  it("leaves absent sections absent, and an empty link empty", () => {
    expect(withholdSignedUrls(null)).toBeNull();
    expect(withholdSignedUrls({ request: { requestId: "req_1" } })).toEqual({ request: { requestId: "req_1" } });
    expect(withholdSignedUrls({ request: { requestId: "r" }, documents: {}, availableDocuments: [] })).toEqual({
      request: { requestId: "r" },
      documents: {},
      availableDocuments: [],
    });
    expect(withholdSignedUrls({ documents: { tradeRegisterExtract: { id: "d", url: "" } } })).toEqual({
      documents: { tradeRegisterExtract: { id: "d", url: "" } },
    });
  });
});
