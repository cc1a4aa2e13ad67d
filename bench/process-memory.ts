/** Memory of a process, read from /proc (Linux). */
import { readFileSync } from "node:fs";

/** A field of /proc/<pid>/status in kB: `VmRSS` (resident now) or `VmHWM` (its high-water mark since start or the last reset). */
export const statusKb = (pid: number, field: "VmRSS" | "VmHWM") =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
