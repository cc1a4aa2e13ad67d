import { describe, expect, it } from "vitest";
import { apiNames } from "@/lib/vocabulary/words.shared";
import { lastField, pathWords, valueWords } from "./change-words";
import { diffSnapshots } from "./snapshot-diff";

describe("pathWords", () => {
  it("names each field of a change's path in words, a list item by its own label", () => {
    expect(pathWords({ path: ["legalAddress", "addressLine1"] })).toEqual(["Legal address", "Address line 1"]);
    expect(pathWords({ path: ["Bernd Weber", "individual", "name", "fullName"], listItems: [0] })).toEqual([
      "Bernd Weber",
      "Person",
      "Name",
      "Full name",
    ]);
    expect(pathWords({ path: ["nodes", "n1", "flags", "isUbo"], listItems: [1] })).toEqual([
      "Companies and people",
      "n1",
      "Marks",
      "Beneficial owner",
    ]);
    expect(pathWords({ path: [] })).toEqual([]);
  });

  it("reads the keys of identifiers and compliance flags as what they name", () => {
    expect(pathWords({ path: ["identifiers", "hrb"] })).toEqual(["Identifiers", "Commercial register number (HRB)"]);
    expect(pathWords({ path: ["complianceFlags", "accountsOverdue", "active"] })).toEqual([
      "Compliance flags",
      "Accounts overdue",
      "Active",
    ]);
  });

  it("keeps a field it has no words for as sent, marked", () => {
    expect(pathWords({ path: ["legalAddress", "geoHash"] })).toEqual(["Legal address", "geoHash (not known to this console)"]);
  });

  it("has words for every field of a changed address, so no API name is left in the path", () => {
    const before = { company: { legalAddress: { addressLine1: "A", addressLine2: "B", city: "C", postalCode: "1", countryCode: "DE" } } };
    const after = { company: { legalAddress: { addressLine1: "Z", addressLine2: "Y", city: "X", postalCode: "2", countryCode: "AT" } } };
    const names = new Set(apiNames());
    const words = diffSnapshots(before, after, ["company"]).flatMap(pathWords);
    expect(words).toContain("Address line 1");
    expect(words.filter((w) => names.has(w) || w.includes("not known"))).toEqual([]);
  });
});

describe("valueWords", () => {
  it("says a record as field: value pairs, lists joined, yes and no", () => {
    const shareholder = {
      type: "individual",
      entityId: "sh4",
      individual: { name: { fullName: "Emil Berg" }, nationality: "DE" },
      sharePercentage: 10,
      active: true,
    };
    expect(valueWords(shareholder)).toBe(
      "Type: individual; Registry's entity id: sh4; Person › Name › Full name: Emil Berg; Person › Nationality: DE; Share: 10; Active: yes",
    );
    expect(valueWords(["+49 30 1", "+49 30 2"])).toBe("+49 30 1, +49 30 2");
    expect(valueWords("Neue Straße 2")).toBe("Neue Straße 2");
    expect(valueWords(null)).toBe("—");
    expect(valueWords({ hrb: "HRB 1" }, "identifiers")).toBe("Commercial register number (HRB): HRB 1");
    expect(valueWords([{ nodeId: "n2", totalOwnershipPercentage: 30 }])).toBe("n2 › Node: n2; n2 › Total ownership: 30");
  });
});

describe("lastField", () => {
  it("is the last field of the path that is no list item", () => {
    expect(lastField({ path: ["identifiers", "hrb"] })).toBe("hrb");
    expect(lastField({ path: ["Emil Berg"], listItems: [0] })).toBeUndefined();
    expect(lastField({ path: ["nodes", "n1"], listItems: [1] })).toBe("nodes");
  });
});
