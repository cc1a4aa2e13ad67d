"use server";

import { z } from "zod";
import { registryAction } from "@/lib/registry-seam/registry-action";
import { previewBatchFile, startBatchImport } from "@/lib/batches/batch-import";

// The file's text travels as is and is read on the server each time, so what is stored is what was previewed.
const fileSchema = z.object({ csv: z.string(), fileName: z.string().trim().min(1).max(255) });

/** The list's rows with each row's problems, and the batch this file already started, if any. Nothing is stored or sent. */
export const previewBatchFileAction = registryAction("runBatches", fileSchema, async ({ csv }, { registry }) =>
  previewBatchFile((await registry()).connection.id, csv),
);

/** Stores the list as a batch through the active connection and starts matching it (free); the same file opens its batch. */
export const startBatchImportAction = registryAction("runBatches", fileSchema, async ({ csv, fileName }, { user, registry }) =>
  startBatchImport(user, (await registry()).connection.id, { name: fileName, text: csv }),
);
