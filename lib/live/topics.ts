/**
 * Live-event topics and who may receive them. Safe to import from client components: the SSE route filters
 * with `canReceive`, and pages use the topic builders to subscribe.
 */
import type { Role } from "@/lib/auth/roles";
import { sectionFor } from "@/lib/navigation/sections";

export const liveTopics = {
  /** One company request's snapshot changed. */
  request: (requestId: string) => `request:${requestId}`,
  /** The list of requests changed (a new one, or a status). */
  requests: "requests",
  alerts: "alerts",
  billing: "billing",
  /** The webhook ledger (Settings → Webhooks). */
  webhooks: "webhooks",
} as const;

function readersOf(topic: string): readonly Role[] {
  if (topic === liveTopics.requests || topic.startsWith("request:")) return sectionFor("/requests").roles;
  if (topic === liveTopics.alerts) return sectionFor("/alerts").roles;
  if (topic === liveTopics.billing) return sectionFor("/billing").roles;
  if (topic === liveTopics.webhooks) return sectionFor("/settings").roles;
  return [];
}

/** Whether a user with `role` may be told about `topic` (unknown topics go to nobody). */
export function canReceive(role: Role, topic: string): boolean {
  return readersOf(topic).includes(role);
}
