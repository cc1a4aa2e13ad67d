/** The console's sections (its navigation) and which roles may open each. Safe to import from client components. */

import { roles } from "@/db/vocabulary";
import type { Role } from "@/lib/auth/roles";

const everyone: readonly Role[] = roles;

export type Section = {
  href: string;
  label: string;
  roles: readonly Role[];
  /** What the section is for, shown on its page and on the home page. */
  purpose: string;
  /** False until the issue that builds it lands: the page then says plainly that it is not available yet. */
  available: boolean;
};

export const sections = [
  { href: "/search", label: "Search", roles: everyone, available: true, purpose: "Find a company by name or registration number in one country, with results streaming in as each register answers." },
  { href: "/requests", label: "Requests", roles: everyone, available: true, purpose: "Every company request with its datapoints, status, cost and who ordered it." },
  { href: "/onboarding", label: "Onboarding", roles: ["admin", "compliance"], available: true, purpose: "A company profile in fast mode, from published bulk data, in one answer." },
  { href: "/monitors", label: "Monitors", roles: ["admin", "compliance", "auditor"], available: false, purpose: "Companies watched for changes, with each check's log." },
  { href: "/alerts", label: "Alerts", roles: ["admin", "compliance", "auditor"], available: false, purpose: "Change notifications from monitors, to triage and assign." },
  { href: "/vault", label: "Vault", roles: ["admin"], available: false, purpose: "Credentials for sources that need account-specific access. Values are sent through and never stored here." },
  { href: "/workspaces", label: "Workspaces", roles: ["admin"], available: false, purpose: "Workspace legal names and UBO access." },
  { href: "/billing", label: "Billing", roles: ["admin", "finance"], available: false, purpose: "High-usage tiers per workspace and recent billing notifications." },
  { href: "/pricing", label: "Pricing", roles: everyone, available: false, purpose: "Prices per country, datapoint and document, in credits." },
  { href: "/audit", label: "Audit", roles: ["admin", "auditor"], available: true, purpose: "Who did what and when: sign-ins, user changes, paid requests and admin changes." },
  { href: "/settings", label: "Settings", roles: ["admin"], available: true, purpose: "Users and roles, and the registry API connections (keys encrypted at rest)." },
] as const satisfies readonly Section[];

export function sectionFor(href: string): Section {
  const found = sections.find((s) => s.href === href);
  if (!found) throw new Error(`No console section at ${href}`);
  return found;
}

export function canOpen(role: Role, section: Section): boolean {
  return section.roles.includes(role);
}
