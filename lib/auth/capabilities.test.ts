import { describe, expect, it } from "vitest";
import { canReceive, liveTopics } from "@/lib/live/topics.shared";
import { can, capabilities, capabilityNames, type Capability } from "./capabilities.shared";
import { roles } from "@/db/vocabulary";
import { sections } from "@/lib/navigation/sections";
import type { Role } from "./roles.shared";

/** Every role's capabilities, written out by hand: what each role could do before the table existed. */
const expected: Record<Role, Capability[]> = {
  admin: capabilityNames,
  compliance: [
    "useConsole",
    "search",
    "readDossiers",
    "readPricing",
    "spendCredits",
    "readMonitors",
    "manageMonitors",
    "readAlerts",
    "triageAlerts",
    "readWorkspaces",
    "exportEvidence",
    "readCalendar",
    "readPortfolio",
    "reviewCompanies",
    "runBatches",
  ],
  finance: ["useConsole", "search", "readDossiers", "readPricing", "readWorkspaces", "readBilling", "manageBilling"],
  auditor: [
    "useConsole",
    "search",
    "readDossiers",
    "readPricing",
    "readMonitors",
    "readAlerts",
    "readWorkspaces",
    "readBilling",
    "exportEvidence",
    "readCalendar",
    "readPortfolio",
    "readAudit",
  ],
};

const held = (role: Role) => capabilityNames.filter((c) => can(role, c));

describe("the capability table", () => {
  it.each(roles)("gives %s exactly its set", (role) => {
    expect(held(role)).toEqual(capabilityNames.filter((c) => expected[role].includes(c)));
  });

  it("lets only admins and compliance officers spend credits", () => {
    expect(roles.filter((r) => can(r, "spendCredits"))).toEqual(["admin", "compliance"]);
  });

  it("lets auditors read everything they could read, and change nothing", () => {
    const changes = capabilityNames.filter((c) => /^(manage|triage|spend)/.test(c));
    expect(changes.filter((c) => can("auditor", c))).toEqual([]);
  });

  it("names each capability's roles in the order of `roles`, once each", () => {
    for (const [name, { roles: holders }] of Object.entries(capabilities)) {
      expect(holders, name).toEqual(roles.filter((r) => (holders as readonly Role[]).includes(r)));
    }
  });

  it("shows each role the sidebar sections it showed before", () => {
    const sidebar = (role: Role) => sections.filter((s) => can(role, s.capability)).map((s) => s.label);
    expect(sidebar("admin")).toEqual([
      "Search",
      "Requests",
      "Onboarding",
      "Monitors",
      "Alerts",
      "Portfolio",
      "Calendar",
      "Vault",
      "Workspaces",
      "Billing",
      "Pricing",
      "Audit",
      "Settings",
    ]);
    expect(sidebar("compliance")).toEqual([
      "Search",
      "Requests",
      "Onboarding",
      "Monitors",
      "Alerts",
      "Portfolio",
      "Calendar",
      "Workspaces",
      "Pricing",
    ]);
    expect(sidebar("finance")).toEqual(["Search", "Requests", "Workspaces", "Billing", "Pricing"]);
    expect(sidebar("auditor")).toEqual([
      "Search",
      "Requests",
      "Monitors",
      "Alerts",
      "Portfolio",
      "Calendar",
      "Workspaces",
      "Billing",
      "Pricing",
      "Audit",
    ]);
  });

  it("sends each role the live topics it received before", () => {
    const topics = [liveTopics.requests, liveTopics.request("r1"), liveTopics.alerts, liveTopics.billing, liveTopics.webhooks, "made-up"];
    const received = (role: Role) => topics.filter((t) => canReceive(role, t));
    expect(received("admin")).toEqual(["requests", "request:r1", "alerts", "billing", "webhooks"]);
    expect(received("compliance")).toEqual(["requests", "request:r1", "alerts"]);
    expect(received("finance")).toEqual(["requests", "request:r1", "billing"]);
    expect(received("auditor")).toEqual(["requests", "request:r1", "alerts", "billing"]);
  });
});
