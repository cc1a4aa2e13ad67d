import { describe, expect, it } from "vitest";
import { ledgerQuery, parseLedgerSearch } from "./ledger-search-params";

const uuid = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

describe("the ledger's search parameters", () => {
  it("reads the filters and the page cursor", () => {
    expect(parseLedgerSearch({ connection: uuid, type: "company.updated", outcome: "stale", requestId: " req_1 ", before: "42" })).toEqual({
      connection: uuid,
      type: "company.updated",
      outcome: "stale",
      requestId: "req_1",
      before: 42,
      after: undefined,
    });
  });

  it("ignores values that do not fit instead of failing", () => {
    const parsed = parseLedgerSearch({
      connection: "not-a-uuid",
      outcome: "exploded",
      before: "abc",
      after: "-3",
      type: "",
      requestId: "x".repeat(201),
      extra: "1",
    });
    expect(parsed).toEqual({
      connection: undefined,
      type: undefined,
      outcome: undefined,
      requestId: undefined,
      before: undefined,
      after: undefined,
    });
    expect(parseLedgerSearch({ before: "1.5" }).before).toBeUndefined();
    expect(parseLedgerSearch({ after: "99999999999999999999" }).after).toBeUndefined();
  });

  it("keeps the first of a repeated parameter", () => {
    expect(parseLedgerSearch({ outcome: ["failed", "applied"] }).outcome).toBe("failed");
  });

  it("writes back only what is set", () => {
    expect(ledgerQuery(parseLedgerSearch({}))).toBe("");
    expect(ledgerQuery({ ...parseLedgerSearch({ outcome: "failed", requestId: "req a&b" }), before: 7 })).toBe(
      "?outcome=failed&requestId=req+a%26b&before=7",
    );
  });
});
