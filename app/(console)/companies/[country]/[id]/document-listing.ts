"use client";

import type { RegistryDocument } from "@/lib/registry/schemas.shared";
import { errorText } from "@/lib/vocabulary/words.shared";

type Answer = {
  request: {
    snapshot: {
      availableDocuments?: RegistryDocument[];
      documents?: RegistryDocument[];
      request: { dataStatus?: { dataPoints?: Record<string, { status?: string; error?: { code: string; message: string } }> } };
    } | null;
  };
};

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
    const response = await fetch(`/api/requests/${encodeURIComponent(requestId)}?poll=1`, { signal, cache: "no-store" });
    if (response.ok) {
      const { request } = (await response.json()) as Answer;
      const entry = request.snapshot?.request.dataStatus?.dataPoints?.availableDocuments;
      if (entry?.status === "succeeded") return { documents: request.snapshot?.availableDocuments ?? request.snapshot?.documents ?? [] };
      if (entry?.status === "failed")
        return { error: entry.error ? errorText(entry.error.code, entry.error.message) : "The listing failed." };
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return { error: "The listing did not finish within a minute. Try again." };
}
