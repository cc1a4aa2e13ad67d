/**
 * What each role may do: the one table. Pages, server actions, route handlers, the sidebar and the live stream
 * ask for a capability, never for a list of roles; the README's capability table is generated from this one
 * (`npm run docs:capabilities`).
 */
import { roles } from "@/db/vocabulary";
import type { Role } from "./roles.shared";

const everyone = roles;

export const capabilities = {
  useConsole: {
    roles: everyone,
    allows: "sign in, open the home page, choose the active connection, receive live updates, change their own password",
  },
  search: { roles: everyone, allows: "search companies and open a company's page with its prices" },
  readDossiers: { roles: everyone, allows: "list requests, read dossiers and download their documents" },
  readPricing: { roles: everyone, allows: "read prices per country, datapoint and document" },
  spendCredits: {
    roles: ["admin", "compliance"],
    allows: "order dossiers and documents, fast-mode onboarding, retries and graph expansions; check unsettled paid requests",
  },
  readMonitors: {
    roles: ["admin", "compliance", "auditor"],
    allows: "see monitored companies, their health and each check's log; export them as CSV",
  },
  manageMonitors: {
    roles: ["admin", "compliance"],
    allows: "start, edit, test and stop monitors; import them from a CSV",
  },
  readAlerts: { roles: ["admin", "compliance", "auditor"], allows: "see alerts from monitors" },
  triageAlerts: {
    roles: ["admin", "compliance"],
    allows: 'assign, review, comment on and resolve alerts; order "See what changed" re-retrievals',
  },
  configureAlerts: { roles: ["admin"], allows: "set the per-category SLA (days to triage) of alerts" },
  manageVault: {
    roles: ["admin"],
    allows: "see vault entries and their coverage; store credentials, and ask to replace held ones (dual control)",
  },
  decideChanges: {
    roles: ["admin"],
    allows: "see pending dual-control changes, approve or reject another admin's, and turn dual control on or off",
  },
  readWorkspaces: { roles: everyone, allows: "see workspaces, their legal names, UBO access, usage and high-usage override" },
  manageWorkspaces: {
    roles: ["admin"],
    allows: "create workspaces, edit their legal names; ask for UBO access changes and deletions (dual control)",
  },
  useSandboxTools: {
    roles: ["admin"],
    allows:
      "on sandbox connections: set the wallet, reset the sandbox, edit user-defined companies, and the simulator's clock, chaos and delivery log",
  },
  readBilling: {
    roles: ["admin", "finance", "auditor"],
    allows: "see the balance, billing notification settings, per-workspace high-usage tiers, billing events and spend",
  },
  manageBilling: {
    roles: ["admin", "finance"],
    allows: "change the account's billing notification settings and per-workspace high-usage overrides",
  },
  exportEvidence: {
    roles: ["admin", "compliance", "auditor"],
    allows: "export a request's evidence pack (report, snapshot, documents and manifest)",
  },
  readCalendar: {
    roles: ["admin", "compliance", "auditor"],
    allows: "see the filing-deadline calendar and subscribe to it through a personal .ics feed",
  },
  readPortfolio: {
    roles: ["admin", "compliance", "auditor"],
    allows: "see the portfolio: every company's risk rating and its reasons, reviews and due dates; export it as CSV",
  },
  reviewCompanies: {
    roles: ["admin", "compliance"],
    allows: "mark companies reviewed, mark them customers, assign their owner",
  },
  manageRisk: {
    roles: ["admin"],
    allows: "edit the risk model and ask to publish it (dual control), pin a company's rating, set the review policy",
  },
  runBatches: {
    roles: ["admin", "compliance"],
    allows: "onboard a customer list from a CSV file and start review campaigns: resolve matches, confirm their price, cancel them",
  },
  manageJobs: {
    roles: ["admin"],
    allows: "see the job queue (running, waiting, failed), retry or cancel jobs, and set the pace of batch orders per connection",
  },
  readAudit: { roles: ["admin", "auditor"], allows: "read and export the audit log" },
  manageUsers: {
    roles: ["admin"],
    allows:
      "create users, change roles, reset passwords, deactivate accounts (Settings; a change that affects an admin waits for a second admin)",
  },
  manageConnections: { roles: ["admin"], allows: "registry connections, their keys and signing secrets, and the webhook ledger" },
} as const satisfies Record<string, { roles: readonly Role[]; allows: string }>;

export type Capability = keyof typeof capabilities;

export const capabilityNames = Object.keys(capabilities) as Capability[];

/** Whether a user with `role` holds `capability`. */
export function can(role: Role, capability: Capability): boolean {
  return (capabilities[capability].roles as readonly Role[]).includes(role);
}
