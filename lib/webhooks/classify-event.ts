import "server-only";
import { z } from "zod";
import {
  billingKinds,
  isKnownValue,
  webhookEventSchema,
  type CompanyResponse,
  type MonitorNotificationEvent,
} from "@/lib/registry/schemas.shared";
import { findUnstorableText, maxIdentifierBytes, mayHoldUnstorableText, storableText } from "./storable";

/** What a verified delivery is, and so where it is stored. */
export type ClassifiedEvent =
  | { kind: "company"; type: string; snapshot: CompanyResponse }
  | { kind: "alert"; type: string; event: MonitorNotificationEvent }
  | { kind: "billing"; type: string; event: Record<string, unknown> }
  | { kind: "unhandled"; type: string; event: Record<string, unknown> }
  | { kind: "failed"; type: string; detail: string; payload: unknown };

/**
 * Types some vendor examples give the change event, read as the documented one (registry-api notes: accept
 * `monitor.update` as `monitor.notification`). The ledger keeps the type as sent.
 */
const typeAliases: Record<string, string> = { "monitor.update": "monitor.notification" };

/** The ledger's type for a delivery that has none. */
export const untyped = "(none)";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const tooLong = (name: string, value: string) =>
  Buffer.byteLength(value) > maxIdentifierBytes
    ? `${name} is longer than ${maxIdentifierBytes} bytes (${Buffer.byteLength(value)}): it cannot be stored.`
    : undefined;

/**
 * Sorts a signed payload (already JSON-parsed, `undefined` when the body was not JSON; `body` is its raw form)
 * by its `type`. A known type must match its schema or the delivery is `failed` with the schema's words.
 * What Postgres can never store is `failed` too: U+0000 or an unpaired surrogate in any string (then without
 * the payload, which jsonb refuses as well), or an id too long to index. An alias type (`monitor.update`) is
 * read as the type it stands for. Billing notifications (their webhook
 * shape is not documented) are recognised by a `billing.` type or a known billing `kind`.
 */
export function classifyEvent(payload: unknown, body: string | Uint8Array): ClassifiedEvent {
  if (!isObject(payload)) {
    return {
      kind: "failed",
      type: untyped,
      detail: payload === undefined ? "The body is not JSON." : "The body is not a JSON object.",
      payload: null,
    };
  }
  const unstorableAt = mayHoldUnstorableText(body) ? findUnstorableText(payload) : undefined;
  if (unstorableAt) {
    const type = typeof payload.type === "string" && payload.type !== "" ? storableText(payload.type, 200) : untyped;
    const detail = `The text at ${unstorableAt} holds U+0000 or an unpaired surrogate, which Postgres cannot store.`;
    return { kind: "failed", type, detail, payload: null };
  }
  if (typeof payload.type !== "string" || payload.type === "")
    return { kind: "failed", type: untyped, detail: "The event has no type.", payload };
  const type = payload.type;
  const alias = typeAliases[type];
  const parsed = webhookEventSchema.safeParse(alias ? { ...payload, type: alias } : payload);
  if (!parsed.success) return { kind: "failed", type, detail: z.prettifyError(parsed.error).slice(0, 2000), payload };
  const event = parsed.data;
  if (event.type === "company.updated") {
    const { type: _type, ...snapshot } = event as CompanyResponse & { type: string };
    const problem = tooLong("request.requestId", snapshot.request.requestId);
    if (problem) return { kind: "failed", type, detail: problem, payload };
    return { kind: "company", type, snapshot: snapshot as CompanyResponse };
  }
  if (event.type === "monitor.notification") {
    const problem = tooLong("monitorId", (event as MonitorNotificationEvent).monitorId);
    if (problem) return { kind: "failed", type, detail: problem, payload };
    return { kind: "alert", type, event: event as MonitorNotificationEvent };
  }
  if (type.startsWith("billing.") || isKnownValue(billingKinds, payload.kind)) return { kind: "billing", type, event: payload };
  return { kind: "unhandled", type, event: payload };
}
