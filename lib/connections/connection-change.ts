import "server-only";
import type { z } from "zod";
import { reasonNeeded } from "./connection-input.shared";
import type { ChangeRequest, Perform, PendingChangeKind, PendingChangeView } from "@/lib/dual-control/pending-changes";

/**
 * The dual-controlled changes to registry connections: adding one, deleting one, its base URL or key, its
 * environment, which one is the default. Each sends every user's traffic (vault payloads included) somewhere else,
 * or unlocks the sandbox tools, so none applies before a second admin approves it.
 */
export type ConnectionChangeKind = Extract<PendingChangeKind, `connection_${string}`>;

export const isConnectionChange = (kind: PendingChangeKind): kind is ConnectionChangeKind => kind.startsWith("connection_");

/** A connection change as submitChange takes it: the request, and how it is performed now where dual control cannot apply. */
export type ConnectionChange = { request: ChangeRequest & { kind: ConnectionChangeKind }; perform: Perform<unknown> };

/** A sensitive connection change without a reason: refused, nothing is changed or asked. */
export const reasonRefusal = { ok: false as const, code: "invalid_input", error: reasonNeeded, fieldErrors: { reason: [reasonNeeded] } };

/** A pending change a performer cannot read as its own kind: refused, nothing is changed. */
export const notThisChange = (what: string) => ({
  ok: false as const,
  code: "invalid_change",
  error: `This is not ${what}: nothing was changed.`,
});

/** The details of `change` when it is a `kind` change that `schema` reads, or undefined. */
export function changeDetails<S extends z.ZodType>(
  change: PendingChangeView,
  kind: ConnectionChangeKind,
  schema: S,
): z.infer<S> | undefined {
  if (change.kind !== kind) return undefined;
  const details = schema.safeParse(change.details);
  return details.success ? details.data : undefined;
}
