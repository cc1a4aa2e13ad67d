import { describe, expect, it } from "vitest";
import { signedUrlWithheld } from "@/lib/dossier/withhold-signed-urls.shared";
import { withheldChange } from "./withheld-change";

describe("withheldChange", () => {
  it("withholds an added document's link, judged by its section", () => {
    const document = { id: "d1", name: "Extract", url: "https://files.example/d1" };
    expect(withheldChange({ section: "availableDocuments", kind: "added", path: ["Extract"], after: document })).toEqual({
      section: "availableDocuments",
      kind: "added",
      path: ["Extract"],
      after: { ...document, url: signedUrlWithheld },
    });
  });

  it("withholds a signed URL anywhere else, and keeps which values the change has", () => {
    const change = withheldChange({
      section: "company",
      kind: "changed",
      path: ["website"],
      before: "https://acme.example",
      after: "https://blob.example/x?sig=abc",
    });
    expect(change).toEqual({
      section: "company",
      kind: "changed",
      path: ["website"],
      before: "https://acme.example",
      after: signedUrlWithheld,
    });
    expect("after" in withheldChange({ section: "company", kind: "removed", path: ["website"], before: "x" })).toBe(false);
  });
});
