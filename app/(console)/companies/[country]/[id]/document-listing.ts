"use client";

import type { RegistryDocument } from "@/lib/registry/schemas.shared";
import { fetchStoredRequest } from "@/lib/requests/fetch-stored-request.shared";
import { errorText } from "@/lib/vocabulary/words.shared";

/**
 * Waits for the free `availableDocuments` request to finish (polling the registry through the console) and
 * returns the listed documents, or the datapoint's failure in the registry's words.
 */
export async function awaitDocumentListing(
  requestId: string,
  signal: AbortSignal,
  timeoutMs = 60_000,
): Promise<{ documents: RegistryDocument[] } | { error: string }> {
  const started = Date.now();
  while (!signal.aborted && Date.now() - started < timeoutMs) {
    // A refusal is waited out like an unfinished listing; an abort ends the wait.
    const answer = await fetchStoredRequest(requestId, { poll: true, signal }).catch((error: unknown) => {
      if (signal.aborted) throw error;
      return undefined;
    });
    if (answer) {
      const { request } = answer;
      const entry = request.snapshot?.request.dataStatus?.dataPoints?.availableDocuments;
      if (entry?.status === "succeeded")
        return { documents: request.snapshot?.availableDocuments ?? (request.snapshot?.documents as RegistryDocument[] | undefined) ?? [] };
      if (entry?.status === "failed")
        return { error: entry.error ? errorText(entry.error.code, entry.error.message) : "The listing failed." };
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return { error: "The listing did not finish within a minute. Try again." };
}
