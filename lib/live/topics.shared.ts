/**
 * Live-event topics and who may receive them: the SSE route filters with `canReceive`,
 * and pages use the topic builders to subscribe.
 */
import { can, type Capability } from "@/lib/auth/capabilities.shared";
import type { Role } from "@/lib/auth/roles.shared";

export const liveTopics = {
  /** One company request's snapshot changed. */
  request: (requestId: string) => `request:${requestId}`,
  /** The list of requests changed (a new one, or a status). */
  requests: "requests",
  /** The alerts inbox and the sidebar's count (a new, assigned, or changed alert). */
  alerts: "alerts",
  /** One alert's page (its timeline, state, diff). */
  alert: (alertId: number | string) => `alert:${alertId}`,
  billing: "billing",
  /** The webhook ledger (Settings → Webhooks). */
  webhooks: "webhooks",
  /** Dual-control changes waiting for a second admin: the approvals page, the sidebar's and the home page's count. */
  pendingChanges: "pending-changes",
  /** The portfolio and the company files' ratings and reviews (a new rating, a review, a pin, a customer mark). */
  portfolio: "portfolio",
  /** The list of batches (a new one, a status). */
  batches: "batches",
  /** One batch's page: its rows' matches and outcomes, its progress. */
  batch: (batchId: string) => `batch:${batchId}`,
  /** The job queue (Settings → Jobs). */
  jobs: "jobs",
} as const;

/** What a user must hold to be told about `topic`: what the page showing it asks for. */
function capabilityFor(topic: string): Capability | undefined {
  if (topic === liveTopics.requests || topic.startsWith("request:")) return "readDossiers";
  if (topic === liveTopics.alerts || topic.startsWith("alert:")) return "readAlerts";
  if (topic === liveTopics.billing) return "readBilling";
  if (topic === liveTopics.webhooks) return "manageConnections";
  if (topic === liveTopics.pendingChanges) return "decideChanges";
  if (topic === liveTopics.portfolio) return "readPortfolio";
  if (topic === liveTopics.batches || topic.startsWith("batch:")) return "readPortfolio";
  if (topic === liveTopics.jobs) return "manageJobs";
  return undefined;
}

/** Whether a user with `role` may be told about `topic` (unknown topics go to nobody). */
export function canReceive(role: Role, topic: string): boolean {
  const capability = capabilityFor(topic);
  return capability !== undefined && can(role, capability);
}
