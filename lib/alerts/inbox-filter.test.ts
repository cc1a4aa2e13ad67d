import { describe, expect, it } from "vitest";
import { inboxQuery, isFiltered, parseInboxSearch } from "./inbox-filter";

const userId = "5b0f7c1e-8d43-4c55-9a1b-0c9d2e3f4a5b";

describe("the inbox's URL", () => {
  it("reads every filter, the sort and the page", () => {
    expect(
      parseInboxSearch({
        state: "in_review",
        assignee: userId,
        category: "address",
        country: "de",
        company: "HRB 12345",
        monitor: "mon_1",
        kind: "test",
        from: "2026-11-01",
        to: "2026-11-30",
        sort: "due",
        after: "42",
      }),
    ).toEqual({
      state: "in_review",
      assignee: userId,
      category: "address",
      country: "DE",
      company: "HRB 12345",
      monitor: "mon_1",
      kind: "test",
      from: "2026-11-01",
      to: "2026-11-30",
      sort: "due",
      after: 42,
    });
  });

  it("takes mine and unassigned as assignees", () => {
    expect(parseInboxSearch({ assignee: "mine" }).assignee).toBe("mine");
    expect(parseInboxSearch({ assignee: "unassigned" }).assignee).toBe("unassigned");
  });

  it("drops values that do not fit, keeps the first of a repeated one, and ignores empty ones", () => {
    expect(
      parseInboxSearch({
        state: "closed",
        assignee: "someone",
        country: "Germany",
        kind: "both",
        from: "yesterday",
        to: "2026-13-01",
        sort: "name",
        after: "-1",
        category: "",
        monitor: ["mon_1", "mon_2"],
      }),
    ).toEqual({ monitor: "mon_1" });
  });

  it("writes back only what is set, so parsing the query gives the same search", () => {
    const search = parseInboxSearch({ state: "new", assignee: "mine", from: "2026-11-01", after: "7" });
    const query = inboxQuery(search);
    expect(query).toBe("?state=new&assignee=mine&from=2026-11-01&after=7");
    expect(parseInboxSearch(Object.fromEntries(new URLSearchParams(query)))).toEqual(search);
    expect(inboxQuery({})).toBe("");
  });

  it("counts filters, not the sort or the page", () => {
    expect(isFiltered(parseInboxSearch({ sort: "due", after: "3" }))).toBe(false);
    expect(isFiltered(parseInboxSearch({ kind: "real" }))).toBe(true);
  });
});
