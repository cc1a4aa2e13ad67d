import { describe, expect, it } from "vitest";
import { metadataRecord, metadataRowProblems, prefilledMetadata } from "./metadata-input";
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
