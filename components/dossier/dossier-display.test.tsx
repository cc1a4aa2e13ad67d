import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import { DocumentsTab } from "./documents-tab";
import { OverviewTab } from "./overview-tab";
import { PeopleTab, subsidiaryShareText } from "./people-tab";
import { retryableEntry } from "@/lib/orders/retry-order";
import { riskItems } from "@/lib/dossier/risk-items.shared";
import { formatShareInterval } from "@/lib/dossier/share-interval.shared";
import { signingAuthoritySentence, signingAuthorityProvenance } from "@/lib/dossier/signing-authority-sentence.shared";
import { StatusStrip } from "./status-strip";

const request = { requestId: "req_1", countryCode: "DE", companyId: "HRB 1" };
const noop = () => {};

describe("the signing-authority sentence", () => {
  it("reads a sole signer with an amount limit and named co-signers", () => {
    const sentence = signingAuthoritySentence({
      representationMode: { mode: "sole", namedCoSigners: ["Anna Weber", "Max Kohl"] },
      signingAuthority: {
        verdict: "sole_within_limits",
        rules: [{ mode: "sole", amountLimit: { amount: 50000, currency: "EUR", comparator: "up_to" } }],
        confidence: "high",
        derivedFrom: "ai",
      },
    });
    expect(sentence).toBe("Can sign alone up to 50,000 EUR; above that together with one of Anna Weber or Max Kohl.");
  });
  it("reads joint signing with a minimum of signatories, and sole without limit", () => {
    expect(signingAuthoritySentence({ representationMode: { mode: "joint", minimumSignatories: 2 } })).toBe(
      "Can sign only together with one other signatory.",
    );
    expect(signingAuthoritySentence({ representationMode: { mode: "joint", minimumSignatories: 3 } })).toBe(
      "Can sign only together with two other signatories.",
    );
    expect(
      signingAuthoritySentence({
        signingAuthority: { rules: [{ mode: "joint", coSigners: { minimum: 1, named: [], roles: ["Prokurist"] } }] },
      }),
    ).toBe("Can sign only together with one person holding the role Prokurist.");
    expect(signingAuthoritySentence({ representationMode: { mode: "sole" } })).toBe("Can sign alone, without limit.");
  });
  it("names an unknown mode as sent, says nothing when nothing is reported, and marks AI derivation", () => {
    expect(signingAuthoritySentence({ representationMode: { mode: "collective_by_board" } })).toBe(
      'Signing mode "collective_by_board" (as the register states it).',
    );
    expect(signingAuthoritySentence({})).toBeUndefined();
    expect(signingAuthoritySentence({ representationMode: null })).toBeUndefined();
    expect(signingAuthorityProvenance({ signingAuthority: { derivedFrom: "ai", confidence: "high" } })).toBe("AI-derived, confidence high");
  });
});

describe("share intervals", () => {
  it("shows an interval as an interval with its inclusiveness, never a midpoint", () => {
    expect(formatShareInterval({ lower: 10, upper: 20, lowerInclusive: true, upperInclusive: false })).toBe("≥ 10 % and < 20 %");
    expect(formatShareInterval({ lower: 75 })).toBe("≥ 75 %");
    expect(formatShareInterval({ upper: 25, upperInclusive: true })).toBe("≤ 25 %");
    expect(subsidiaryShareText({ sharePercentageRange: { lower: 10, upper: 20 } })).not.toContain("15");
  });
  it("lists a subsidiary without a percentage", () => {
    expect(subsidiaryShareText({ company: { legalName: "Isar GmbH" } })).toBe("Ownership stated without a percentage");
    const html = renderToStaticMarkup(
      <PeopleTab
        snapshot={{ request, subsidiaries: [{ company: { legalName: "Isar GmbH", id: "HRB 9", countryCode: "DE" } }] } as CompanyResponse}
      />,
    );
    expect(html).toContain("Isar GmbH");
    expect(html).toContain('href="/companies/DE/HRB%209"');
    expect(html).toContain("Ownership stated without a percentage");
  });
});

describe("fields the register does not report", () => {
  it("says so instead of leaving empty boxes", () => {
    const html = renderToStaticMarkup(
      <OverviewTab snapshot={{ request, company: { id: "SPARSE", legalName: "Sparse GmbH" } } as CompanyResponse} onEvidence={noop} />,
    );
    expect(html).toContain("Sparse GmbH");
    const facts = [...html.matchAll(/data-fact="([^"]+)"[^>]*>.*?<dd[^>]*>(.*?)<\/dd>/g)].map((m) => [m[1], m[2]]);
    expect(facts.length).toBeGreaterThan(10);
    for (const [label, value] of facts) expect(value, label).not.toBe("");
    expect(html.match(/Not reported by the register/g)!.length).toBeGreaterThan(10);
  });
  it("says so for an empty person list and a missing signing line", () => {
    const html = renderToStaticMarkup(
      <PeopleTab
        snapshot={
          { request, legalRepresentatives: [{ type: "individual", individual: { name: { fullName: "Jane Roe" } } }] } as CompanyResponse
        }
      />,
    );
    expect(html).toContain("Jane Roe");
    expect(html).toContain("Signing authority: not reported by the register");
    expect(html).toContain("Shareholders (0)");
    expect(html).toMatch(/id="shareholders"[\s\S]*?Not reported by the register/);
  });
});

describe("identifiers", () => {
  it("names each identifier's kind in words, an unknown one as sent and marked", () => {
    const snapshot = { request, company: { id: "HRB 1", identifiers: { hrb: "HRB 1", lei: "5299001", zefix: "CH-1" } } } as CompanyResponse;
    const html = renderToStaticMarkup(<OverviewTab snapshot={snapshot} onEvidence={noop} />);
    expect(html).toContain("Commercial register number (HRB)");
    expect(html).toContain("LEI");
    expect(html).toContain("Identifier: zefix (not known to this console)");
    expect(html).not.toMatch(/Identifier: (hrb|lei)\b/);
  });
});

describe("unknown enum values", () => {
  it("are shown as the API sent them", () => {
    const snapshot = {
      request: { ...request, dataStatus: { dataPoints: { company: { status: "queued_for_review" } }, documents: {} } },
      company: {
        id: "X",
        status: { statusDetails: { status: "STRUCK_OFF_PROVISIONALLY" } },
        complianceFlags: { sanctionsHit: { active: true, since: "2026-01-01" } },
      },
      legalRepresentatives: [{ type: "trust", corporateBody: "shariaBoard", individual: { name: { fullName: "A" } } }],
      companyRelationships: [{ relation: "absorbedBy", company: { legalName: "B" } }],
    } as unknown as CompanyResponse;
    const overview = renderToStaticMarkup(<OverviewTab snapshot={snapshot} onEvidence={noop} />);
    expect(overview).toContain("STRUCK_OFF_PROVISIONALLY");
    expect(overview).toContain("sanctionsHit");
    const people = renderToStaticMarkup(<PeopleTab snapshot={snapshot} />);
    for (const value of ["trust", "shariaBoard", "absorbedBy"]) expect(people).toContain(`data-enum="${value}"`);
    const strip = renderToStaticMarkup(<StatusStrip dataPoints={snapshot.request.dataStatus!.dataPoints} documents={{}} />);
    expect(strip).toContain("queued_for_review");
    expect(riskItems(snapshot.company, []).map((i) => i.text)).toEqual([
      "sanctionsHit (since 2026-01-01)",
      "Status: STRUCK_OFF_PROVISIONALLY",
    ]);
  });
});

describe("the status strip and documents", () => {
  it("reads benign failures as outcomes and real failures with their code and message", () => {
    const html = renderToStaticMarkup(
      <StatusStrip
        dataPoints={{
          subsidiaries: { status: "failed", error: { code: "datapoint_not_applicable", message: "n/a" } },
          shareholders: { status: "failed", error: { code: "source_unavailable", message: "Register down", retryable: true } },
        }}
        documents={{ doc_1: { status: "failed", error: { code: "no_document_available", message: "none" } } }}
      />,
    );
    expect(html).toContain("Does not apply to this entity");
    expect(html).toContain("No register extract exists (not billed)");
    expect(html).toContain("The register is unavailable");
    expect(html).toMatch(
      /<details data-technical-details="[^"]*"[^>]*><summary[^>]*>Technical details<\/summary><div[^>]*>source_unavailable: Register down/,
    );
  });
  it("offers a console download only for delivered documents", () => {
    const snapshot = {
      request: { ...request, dataStatus: { documents: { doc_a: { status: "succeeded" } } } },
      documents: {
        tradeRegisterExtract: {
          id: "doc_a",
          name: "Auszug",
          nameInEnglish: "Extract",
          price: 3,
          format: "pdf",
          downloadUrl: "http://sim/x",
        },
      },
      availableDocuments: [{ id: "doc_b", name: "Liste" }],
    } as unknown as CompanyResponse;
    const html = renderToStaticMarkup(<DocumentsTab requestId="req_1" snapshot={snapshot} />);
    expect(html).toContain('href="/api/requests/req_1/documents/doc_a"');
    expect(html).not.toContain("/documents/doc_b");
    expect(html).toContain("Listed by the register; not ordered in this request");
  });
});

describe("retry", () => {
  const dataPoints = {
    shareholders: { status: "failed", error: { code: "source_unavailable", message: "Register down", retryable: true } },
    subsidiaries: { status: "failed", error: { code: "datapoint_not_applicable", message: "n/a", retryable: false } },
    company: { status: "succeeded" },
  };
  it("is offered only on failures the registry calls retryable, and only when a retry control is given", () => {
    const withRetry = renderToStaticMarkup(
      <StatusStrip
        dataPoints={dataPoints}
        documents={{}}
        renderRetry={(kind, name) => <button data-retry={`${kind}:${name}`}>Retry</button>}
      />,
    );
    expect([...withRetry.matchAll(/data-retry="([^"]+)"/g)].map((m) => m[1])).toEqual(["dataPoint:shareholders"]);
    const without = renderToStaticMarkup(<StatusStrip dataPoints={dataPoints} documents={{}} />);
    expect(without).not.toContain("data-retry");
    expect(without).toContain("(retryable)");
  });
  it("finds the retryable entry of a snapshot", () => {
    const snapshot = { request: { requestId: "r", dataStatus: { dataPoints } } } as unknown as CompanyResponse;
    expect(retryableEntry(snapshot, "dataPoint", "shareholders")?.error?.code).toBe("source_unavailable");
    expect(retryableEntry(snapshot, "dataPoint", "subsidiaries")).toBeUndefined();
    expect(retryableEntry(snapshot, "dataPoint", "company")).toBeUndefined();
    expect(retryableEntry(snapshot, "document", "shareholders")).toBeUndefined();
  });
});

describe("the status strip's document names", () => {
  it("names a document by its name, its id only under Technical details", () => {
    const html = renderToStaticMarkup(
      <StatusStrip
        dataPoints={{}}
        documents={{ doc_1: { status: "in_progress" }, doc_2: { status: "in_progress" } }}
        documentNames={{ doc_1: "Trade register extract" }}
      />,
    );
    expect(html).toMatch(
      /Trade register extract<details data-technical-details="[^"]*"[^>]*><summary[^>]*>Technical details<\/summary><div[^>]*>doc_1</,
    );
    expect(html).toMatch(
      /Document without a name<details data-technical-details="[^"]*"[^>]*><summary[^>]*>Technical details<\/summary><div[^>]*>doc_2</,
    );
  });
});

describe("the status strip's collapse", () => {
  it("collapses to a summary once every entry is delivered, with the rows inside to expand", () => {
    const html = renderToStaticMarkup(
      <StatusStrip
        dataPoints={{ company: { status: "succeeded" }, shareholders: { status: "succeeded" } }}
        documents={{ doc_1: { status: "succeeded" } }}
      />,
    );
    expect(html).toMatch(/^<details [^>]*data-testid="status-strip"/);
    expect(html).not.toMatch(/<details[^>]* open/);
    expect(html).toMatch(/<summary[^>]*>.*All 2 datapoints and 1 document delivered/);
    expect(html).toContain('data-datapoint="shareholders"');
  });
  it("stays open while anything is in progress and after a failure", () => {
    const running = renderToStaticMarkup(
      <StatusStrip dataPoints={{ company: { status: "succeeded" }, shareholders: { status: "in_progress" } }} documents={{}} />,
    );
    const failed = renderToStaticMarkup(
      <StatusStrip
        dataPoints={{ company: { status: "failed", error: { code: "source_unavailable", message: "Register down" } } }}
        documents={{}}
      />,
    );
    for (const html of [running, failed]) {
      // Not folded (a failure's code sits in its own Technical details, which is not the strip's fold).
      expect(html).not.toContain('data-testid="status-strip"');
      expect(html).toContain('data-datapoint="company"');
    }
  });
});
