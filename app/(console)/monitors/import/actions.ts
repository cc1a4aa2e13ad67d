"use server";

import { z } from "zod";
import { registryAction } from "@/lib/registry-seam/registry-action";
import { roleAction } from "@/lib/auth/role-action";
import { importMonitors } from "@/lib/monitors/csv-import";
import { readMonitorsCsv } from "@/lib/monitors/csv-rows.shared";

// The file's text travels as is; it is read on the server both times, so what is created is what was previewed.
const fileSchema = z.object({ csv: z.string() });

/** The file's rows with each row's errors. Nothing is sent to the registry. */
export const previewMonitorsCsvAction = roleAction("manageMonitors", fileSchema, async ({ csv }) => {
  const reading = readMonitorsCsv(csv);
  return reading.ok ? { ok: true, data: reading } : { ok: false, code: "invalid_input", error: reading.error };
});

/** Starts a monitor for every valid row of the file, through the active connection; the outcome per row. */
export const importMonitorsCsvAction = registryAction("manageMonitors", fileSchema, async ({ csv }, { user, registry }) => {
  const reading = readMonitorsCsv(csv);
  if (!reading.ok) return { ok: false, code: "invalid_input", error: reading.error };
  return { ok: true, data: await importMonitors(user, await registry(), reading.rows) };
});
