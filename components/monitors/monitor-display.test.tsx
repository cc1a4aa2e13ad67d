import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DatapointNotices } from "./datapoint-notices";
import { HealthBadge } from "./health-badge";

describe("datapoint notices", () => {
  it("names each blocked datapoint with the registry's message and a link to the Vault", () => {
    const html = renderToStaticMarkup(
      <DatapointNotices
        notices={[
          { datapoint: "shareholders", status: "blocked_missing_credentials", message: "Add infogreffe credentials to the vault" },
          { datapoint: "establishments", status: "some_new_status" },
        ]}
      />,
    );
    expect(html).toContain("<li>Shareholders: Blocked: missing credentials. Add infogreffe credentials to the vault");
    expect(html.match(/href="\/vault"/g)).toHaveLength(1);
    expect(html).toContain("<li>Establishments: some_new_status</li>");
    expect(html).not.toContain("shareholders");
  });

  it("shows nothing when no datapoint is blocked", () => {
    expect(renderToStaticMarkup(<DatapointNotices notices={[]} />)).toBe("");
  });
});

describe("the health badge", () => {
  it("says the state and what it rests on", () => {
    const html = renderToStaticMarkup(
      <HealthBadge health={{ state: "stale", detail: "No check logged for 50 hours (checks run daily)." }} />,
    );
    expect(html).toContain('data-health="stale"');
    expect(html).toContain(">Stale<");
    expect(html).toContain("No check logged for 50 hours");
  });
});
