import { z } from "zod";
import {
  billingKinds,
  isKnownValue,
  webhookEventSchema,
  type CompanyResponse,
  type MonitorNotificationEvent,
} from "@/lib/registry/schemas";

/** What a verified delivery is, and so where it is stored. */
export type ClassifiedEvent =
  | { kind: "company"; type: string; snapshot: CompanyResponse }
  | { kind: "alert"; type: string; event: MonitorNotificationEvent }
  | { kind: "billing"; type: string; event: Record<string, unknown> }
  | { kind: "unhandled"; type: string; event: Record<string, unknown> }
  | { kind: "failed"; type: string; detail: string; payload: unknown };

/** The ledger's type for a delivery that has none. */
export const untyped = "(none)";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Sorts a signed payload (already JSON-parsed, `undefined` when the body was not JSON) by its `type`. A known
 * type must match its schema or the delivery is `failed` with the schema's words. Billing notifications (their
 * webhook shape is not documented) are recognised by a `billing.` type or a known billing `kind`.
 */
export function classifyEvent(payload: unknown): ClassifiedEvent {
  if (!isObject(payload)) {
    return { kind: "failed", type: untyped, detail: payload === undefined ? "The body is not JSON." : "The body is not a JSON object.", payload: null };
  }
  if (typeof payload.type !== "string" || payload.type === "") return { kind: "failed", type: untyped, detail: "The event has no type.", payload };
  const type = payload.type;
  const parsed = webhookEventSchema.safeParse(payload);
  if (!parsed.success) return { kind: "failed", type, detail: z.prettifyError(parsed.error).slice(0, 2000), payload };
  const event = parsed.data;
  if (event.type === "company.updated") {
    const { type: _type, ...snapshot } = event as CompanyResponse & { type: string };
    return { kind: "company", type, snapshot: snapshot as CompanyResponse };
  }
  if (event.type === "monitor.notification") return { kind: "alert", type, event: event as MonitorNotificationEvent };
  if (type.startsWith("billing.") || isKnownValue(billingKinds, payload.kind)) return { kind: "billing", type, event: payload };
  return { kind: "unhandled", type, event: payload };
}
