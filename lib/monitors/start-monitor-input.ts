import "server-only";
/** The server actions' input schemas for starting a monitor and editing its metadata, on the form's own checks. */
import { z } from "zod";
import { registryCountries } from "@/lib/registry/countries.shared";
import { metadataCountProblem, metadataRowProblems } from "./metadata-input.shared";

export const metadataEntriesSchema = z.array(z.object({ key: z.string(), value: z.string() })).superRefine((entries, ctx) => {
  const count = metadataCountProblem(entries);
  if (count) ctx.addIssue({ code: "custom", message: count });
  for (const [index, messages] of Object.entries(metadataRowProblems(entries))) {
    for (const message of messages) ctx.addIssue({ code: "custom", message, path: [Number(index)] });
  }
});

/** Starting a monitor from the company page (through the active connection). */
export const startMonitorInputSchema = z.object({
  countryCode: z.enum(registryCountries, { error: "Choose a supported country." }),
  companyId: z.string().trim().min(1, { error: "Enter the company identifier." }),
  metadata: metadataEntriesSchema,
});

/** Starting a monitor from a dossier: the company and the connection are the stored request's own. */
export const startMonitorForRequestInputSchema = z.object({
  requestId: z.string().min(1),
  metadata: metadataEntriesSchema,
});

/** Editing, from a dossier, the metadata of the monitor watching its company: through the request's own connection. */
export const updateMonitorForRequestInputSchema = z.object({
  requestId: z.string().min(1),
  monitorId: z.string().min(1),
  metadata: metadataEntriesSchema,
});

export type StartMonitorInput = z.input<typeof startMonitorInputSchema>;
