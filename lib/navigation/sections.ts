import "server-only";
/** The console's sections (its navigation), each opened with a capability (lib/auth/capabilities.shared.ts). */

import type { Capability } from "@/lib/auth/capabilities.shared";

export type Section = {
  href: string;
  label: string;
  /** What a user must hold to see the section in the sidebar and open its page. */
  capability: Capability;
  /** What the section is for, shown on its page and on the home page. */
  purpose: string;
};

export const sections = [
  {
    href: "/search",
    label: "Search",
    capability: "search",
    purpose: "Find a company by name or registration number in one country, with results streaming in as each register answers.",
  },
  {
    href: "/requests",
    label: "Requests",
    capability: "readDossiers",
    purpose: "Every company request with its datapoints, status, cost and who ordered it.",
  },
  {
    href: "/onboarding",
    label: "Onboarding",
    capability: "spendCredits",
    purpose: "A company profile in fast mode, from published bulk data, in one answer.",
  },
  {
    href: "/monitors",
    label: "Monitors",
    capability: "readMonitors",
    purpose: "Companies watched for changes, with each check's log.",
  },
  {
    href: "/alerts",
    label: "Alerts",
    capability: "readAlerts",
    purpose: "Change notifications from monitors, to triage and assign.",
  },
  {
    href: "/portfolio",
    label: "Portfolio",
    capability: "readPortfolio",
    purpose: "Every company the team looks after: its risk rating and why, its last review and when the next one is due.",
  },
  {
    href: "/calendar",
    label: "Calendar",
    capability: "readCalendar",
    purpose: "Filing deadlines of every stored dossier and monitored company, overdue first, with an .ics download and a personal feed.",
  },
  {
    href: "/vault",
    label: "Vault",
    capability: "manageVault",
    purpose: "Credentials for sources that need account-specific access. Values are sent through and never stored here.",
  },
  {
    href: "/workspaces",
    label: "Workspaces",
    capability: "readWorkspaces",
    purpose: "Workspaces: legal names, UBO access, usage, and their high-usage overrides.",
  },
  {
    href: "/billing",
    label: "Billing",
    capability: "readBilling",
    purpose: "The balance, billing notification settings, high-usage tiers per workspace, billing events and spend.",
  },
  {
    href: "/pricing",
    label: "Pricing",
    capability: "readPricing",
    purpose: "Prices per country, datapoint and mode, in credits, with what is free, included or in beta.",
  },
  {
    href: "/audit",
    label: "Audit",
    capability: "readAudit",
    purpose: "Who did what and when: sign-ins, user changes, paid requests and admin changes.",
  },
  {
    href: "/settings",
    label: "Settings",
    capability: "manageUsers",
    purpose: "Users and roles, and the registry API connections (keys encrypted at rest).",
  },
] as const satisfies readonly Section[];

export function sectionFor(href: string): Section {
  const found = sections.find((s) => s.href === href);
  if (!found) throw new Error(`No console section at ${href}`);
  return found;
}
