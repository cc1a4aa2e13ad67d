import { describe, expect, it } from "vitest";
import {
  editableMonitor,
  fieldEntries,
  fieldEntryIndexes,
  metadataFieldProblems,
  metadataFields,
  metadataFieldsSendable,
  metadataRecord,
  metadataRowProblems,
  prefilledMetadata,
} from "./metadata-input.shared";
import { metadataEntriesSchema } from "./start-monitor-input";

const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `key${i}`, value: "v" }));

describe("monitor metadata checks", () => {
  it("prefills the case reference and who asked", () => {
    expect(prefilledMetadata("KYC-7", "officer@example.com")).toEqual([
      { key: "caseReference", value: "KYC-7" },
      { key: "requestedBy", value: "officer@example.com" },
    ]);
    expect(prefilledMetadata(null, "officer@example.com")).toEqual([
      { key: "caseReference", value: "" },
      { key: "requestedBy", value: "officer@example.com" },
    ]);
  });

  it("accepts 50 keys and refuses 51", () => {
    expect(metadataEntriesSchema.safeParse(entries(50)).success).toBe(true);
    const refused = metadataEntriesSchema.safeParse(entries(51));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["Metadata can hold at most 50 keys; this has 51. Remove 1."]);
  });

  it("flags a key over 40 characters (the API would skip it), not one of 40", () => {
    const problems = metadataRowProblems([
      { key: "k".repeat(40), value: "kept" },
      { key: "k".repeat(41), value: "skipped" },
    ]);
    expect(problems[0]).toBeUndefined();
    expect(problems[1]).toEqual(["This key is over 40 characters: the registry would skip it. Shorten it."]);
  });

  it("flags a value over 500 characters (the API would cut it), counting characters, not bytes", () => {
    const problems = metadataRowProblems([
      { key: "a", value: "é".repeat(500) },
      { key: "b", value: "v".repeat(501) },
    ]);
    expect(problems[0]).toBeUndefined();
    expect(problems[1]).toEqual(["This value is over 500 characters: the registry would cut it. Shorten it."]);
  });

  it("flags empty and repeated keys, with the row each issue belongs to", () => {
    const parsed = metadataEntriesSchema.safeParse([
      { key: " ", value: "x" },
      { key: "case", value: "1" },
      { key: "case ", value: "2" },
    ]);
    expect(parsed.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [[0], "Enter a key, or remove this row."],
      [[2], 'The key "case" is already used above.'],
    ]);
  });

  it("sends the rows as one object with trimmed keys", () => {
    expect(metadataRecord([{ key: " caseReference ", value: " KYC 7 " }])).toEqual({ caseReference: " KYC 7 " });
  });
});

describe("the metadata form's labelled fields", () => {
  it("takes the case reference and who asked out of the rows, and sends them first, leaving blank ones out", () => {
    const fields = metadataFields([
      { key: "team", value: "KYC" },
      { key: "requestedBy", value: "officer@example.com" },
      { key: "caseReference", value: "KYC-7" },
    ]);
    expect(fields).toEqual({ caseReference: "KYC-7", requestedBy: "officer@example.com", others: [{ key: "team", value: "KYC" }] });
    expect(fieldEntries(fields)).toEqual([
      { key: "caseReference", value: "KYC-7" },
      { key: "requestedBy", value: "officer@example.com" },
      { key: "team", value: "KYC" },
    ]);
    expect(fieldEntries({ ...fields, caseReference: "  " })).toEqual([
      { key: "requestedBy", value: "officer@example.com" },
      { key: "team", value: "KYC" },
    ]);
    expect(fieldEntryIndexes({ ...fields, caseReference: "" })).toEqual({ caseReference: undefined, requestedBy: 0, others: [1] });
    expect(metadataFields(prefilledMetadata(null, "a@b.c"))).toEqual({ caseReference: "", requestedBy: "a@b.c", others: [] });
  });

  it("keeps a second row of a labelled key as a row, flagged towards the field", () => {
    const fields = metadataFields([
      { key: "caseReference", value: "A" },
      { key: "caseReference", value: "B" },
    ]);
    expect(fields.others).toEqual([{ key: "caseReference", value: "B" }]);
    expect(metadataFieldProblems(fields).others).toEqual({ 0: ['Use the "Case reference" field above for this key.'] });
    expect(metadataFieldsSendable(fields)).toBe(false);
    // Flagged even when the field is blank: the value belongs in the field.
    expect(metadataFieldsSendable({ ...fields, caseReference: "" })).toBe(false);
    expect(metadataFieldsSendable({ ...fields, others: [] })).toBe(true);
  });

  it("checks the labelled fields by the same rules as rows", () => {
    const problems = metadataFieldProblems({
      caseReference: "x".repeat(501),
      requestedBy: "y".repeat(501),
      others: [{ key: "", value: "v" }],
    });
    expect(problems.caseReference).toEqual(["A case reference is at most 500 characters; this one has 501."]);
    expect(problems.requestedBy).toEqual(["This value is over 500 characters: the registry would cut it. Shorten it."]);
    expect(problems.others).toEqual({ 0: ["Enter a key, or remove this row."] });
    expect(metadataFieldsSendable({ caseReference: "", requestedBy: "", others: entries(50) })).toBe(true);
    expect(metadataFieldsSendable({ caseReference: "C", requestedBy: "", others: entries(50) })).toBe(false); // 51 keys
  });
});

describe("editableMonitor", () => {
  it("offers the active monitor with its stored metadata, and nothing for none or a deactivated one", () => {
    const record = { monitorId: "mon_1", metadata: { caseReference: "KYC-7", team: "A" }, deactivation: undefined };
    expect(editableMonitor(record)).toEqual({
      monitorId: "mon_1",
      metadata: [
        { key: "caseReference", value: "KYC-7" },
        { key: "team", value: "A" },
      ],
    });
    expect(editableMonitor(undefined)).toBeUndefined();
    expect(editableMonitor({ ...record, deactivation: { at: new Date(), reason: null } })).toBeUndefined();
  });
});
