import "server-only";
import type { pendingChangeKinds } from "@/db/vocabulary";
import { roleLabels, type Role } from "@/lib/auth/roles.shared";
import { detailLines } from "@/lib/vocabulary/details";
import { duration } from "@/lib/vocabulary/units.shared";

type Kind = (typeof pendingChangeKinds)[number];

/**
 * A pending change in words for the approver: what it does, and each of its details as a labelled line. A risk model
 * publication's lines are the risk domain's words (`modelPublicationLines` in lib/risk/model-changes.shared.ts), which the
 * caller passes as `publicationLines` when it shows them.
 */
export function describeChange(
  change: { kind: Kind | string; target: string; details: Record<string, unknown> },
  publicationLines?: (details: Record<string, unknown>) => string[],
): {
  what: string;
  lines: string[];
} {
  const { details, target } = change;
  switch (change.kind) {
    case "ubo_access":
      return {
        what: `Turn UBO access ${details.uboEnabled === true ? "on" : "off"} for workspace ${target}`,
        lines: typeof details.legalBasis === "string" ? [`Legal basis: ${details.legalBasis}`] : [],
      };
    case "workspace_delete":
      return { what: `Delete workspace ${target}`, lines: [] };
    case "vault_replace":
      return { what: `Replace the vault credentials ${target}`, lines: otherLines(details) };
    case "connection_target":
      return { what: `Change the base URL or API key of connection ${target}`, lines: targetLines(details) };
    case "connection_create":
      return {
        what: `Add connection ${target}`,
        lines: [
          ...connectionLines(details),
          `Signing secret: ${details.webhookSecret === true ? "set" : "not set"}`,
          ...(details.isDefault === true ? ["Becomes the default connection for everyone"] : []),
        ],
      };
    case "connection_delete":
      return {
        what: `Delete connection ${target}`,
        lines: [
          ...connectionLines(details),
          ...(details.isDefault === true ? ["It is the default connection: the oldest other connection becomes the default"] : []),
        ],
      };
    case "connection_default":
      return {
        what: `Make connection ${target} the default for everyone`,
        lines: typeof details.previousDefault === "string" ? [`Default now: ${details.previousDefault}`] : [],
      };
    case "connection_environment":
      return {
        what: `Switch connection ${target} from ${String(details.from)} to ${String(details.to)}`,
        lines: details.to === "sandbox" ? ["A sandbox connection unlocks the sandbox tools and plain-http document fetches"] : [],
      };
    case "dual_control_off":
      return { what: "Turn dual control off", lines: [] };
    case "user_access":
      return { what: userAccessWhat(details, target), lines: [] };
    case "risk_model_publish":
      return { what: "Publish a new version of the risk model", lines: publicationLines?.(details) ?? [] };
    default:
      // A kind this console does not know yet is shown as it is, never hidden.
      return { what: `${change.kind} on ${target}`, lines: otherLines(details) };
  }
}

const roleWord = (role: unknown) => roleLabels[role as Role] ?? String(role);

/** A user change that affects an admin, in words. */
function userAccessWhat(details: Record<string, unknown>, email: string): string {
  switch (details.action) {
    case "create_admin":
      return `Create the admin ${email}`;
    case "change_role":
      return `Change the role of ${email} from ${roleWord(details.from)} to ${roleWord(details.to)}`;
    case "deactivate":
      return `Deactivate the admin ${email}`;
    case "reactivate":
      return `Reactivate the admin ${email}`;
    case "reset_password":
      return `Reset the password of the admin ${email}`;
    default:
      return `Change the account ${email} (${String(details.action)})`;
  }
}

/** A connection change's address and key hint, as the approver reads them. */
function connectionLines(details: Record<string, unknown>): string[] {
  return [
    `Environment: ${String(details.environment)}`,
    `Base URL: ${String(details.baseUrl)}`,
    ...(typeof details.apiKey === "string" ? [`API key: ${details.apiKey}`] : []),
  ];
}

/** A base URL or key change: what moves where (the key as its hint only). */
function targetLines(details: Record<string, unknown>): string[] {
  return [
    ...(details.baseUrl !== details.previousBaseUrl ? [`Base URL: ${String(details.previousBaseUrl)} → ${String(details.baseUrl)}`] : []),
    ...(typeof details.apiKey === "string" ? [`API key → ${details.apiKey}`] : []),
    ...(typeof details.webhookSecret === "string" ? [`Signing secret ${details.webhookSecret}`] : []),
  ];
}

/** Details this file has no sentence for, each in words (lib/vocabulary/details.ts). */
const otherLines = (details: Record<string, unknown>): string[] => detailLines(details).map((line) => `${line.label}: ${line.value}`);

/** "expires in about 5 hours", "expires in about 40 minutes", or "expired": how long a pending change still waits. */
export function expiresIn(expiresAt: string, now: Date): string {
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (left <= 0) return "expired";
  return `expires in ${duration(left)}`;
}
