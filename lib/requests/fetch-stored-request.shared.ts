import "@/lib/security/browser-zod.shared";
import { z } from "zod";
import { requestOrigins } from "@/db/vocabulary";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import { errorText } from "@/lib/vocabulary/words.shared";
import type { StoredRequest } from "./stored-request";

/**
 * The browser's one reader of `GET /api/requests/:id` (app/api/requests/[requestId]/route.ts): a stored request as
 * the console answers it, checked before any page uses it. Client-safe.
 */

const registryErrorInfoSchema = z.object({
  status: z.number(),
  code: z.string(),
  message: z.string(),
  details: z.array(z.string()),
  retryable: z.boolean(),
  retryAfter: z.number().optional(),
}) satisfies z.ZodType<RegistryErrorInfo>;

/** The snapshot was checked against the contract when it was stored; here only its shape as an object with its request. */
const snapshotSchema = z.looseObject({ request: z.looseObject({}) }).transform((snapshot) => snapshot as unknown as CompanyResponse);

const storedRequestSchema = z.object({
  requestId: z.string(),
  origin: z.enum(requestOrigins),
  connectionId: z.string().nullable(),
  countryCode: z.string().nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  version: z.number(),
  complete: z.boolean(),
  snapshot: snapshotSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  webhooksConfigured: z.boolean(),
}) satisfies z.ZodType<StoredRequest>;

const answerSchema = z.object({ request: storedRequestSchema, pollError: registryErrorInfoSchema.optional() });
const refusalSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export type StoredRequestAnswer = { request: StoredRequest; pollError?: RegistryErrorInfo };

/**
 * Reads a stored request; with `poll`, the console first asks the registry for news (the fallback when no webhook
 * arrives), and a registry error comes back as `pollError` beside the stored state. Throws an Error in words for a
 * refusal (the console's own error, or its status) and for an answer that is not a stored request.
 */
export async function fetchStoredRequest(
  requestId: string,
  { poll = false, signal }: { poll?: boolean; signal?: AbortSignal } = {},
): Promise<StoredRequestAnswer> {
  const response = await fetch(`/api/requests/${encodeURIComponent(requestId)}${poll ? "?poll=1" : ""}`, { signal, cache: "no-store" });
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const answer = answerSchema.safeParse(body);
    if (answer.success) return answer.data;
  }
  const refusal = refusalSchema.safeParse(body);
  if (refusal.success) throw new Error(errorText(refusal.data.error.code, refusal.data.error.message));
  throw new Error(response.ok ? "The console's answer was not a stored request." : `The console answered ${response.status}.`);
}
