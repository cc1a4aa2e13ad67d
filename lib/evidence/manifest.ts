import "server-only";
/**
 * The evidence pack's manifest: what each file of the ZIP is (SHA-256 and size), which console made it, when and
 * for whom. report.pdf names the manifest's own SHA-256 on its last page, so the manifest is built first, from
 * every other file, and lists neither itself nor the report (no file can hold its own hash, nor two files each
 * other's). Pure: the pack streams the files and hands their digests here.
 */
import { createHash } from "node:crypto";
import type { RiskAndReviewWords } from "./risk-and-review";

export type ManifestFile = { path: string; sha256: string; bytes: number };

export type ManifestInput = {
  requestId: string;
  version: number;
  consoleVersion: string;
  generatedAt: Date;
  generatedBy: string;
  files: readonly ManifestFile[];
  /** Delivered documents that could not be fetched for the pack, and why. */
  documentsNotIncluded?: readonly { id: string; name: string | null; reason: string }[];
  /** The company's risk rating with its reasons and its last review, in words, as the report states them. */
  riskAndReview?: RiskAndReviewWords;
};

export const manifestPath = "manifest.json";
export const reportPath = "report.pdf";

export const manifestNote =
  "Lists every file of this pack except manifest.json itself and report.pdf: report.pdf names this manifest's SHA-256 on its last page, so the manifest is written first and the report cannot be listed in it.";

export type Manifest = { json: Buffer; sha256: string; bytes: number };

/** The manifest as written into the ZIP, with its own digest (what the report's last page names). */
export function buildManifest(input: ManifestInput): Manifest {
  const paths = input.files.map((f) => f.path);
  const clash = paths.find((p, i) => paths.indexOf(p) !== i || p === manifestPath || p === reportPath);
  if (clash) throw new Error(`The manifest cannot list "${clash}" (listed twice, or the manifest or report itself).`);
  const body = {
    note: manifestNote,
    requestId: input.requestId,
    version: input.version,
    console: { name: "Registry Desk", version: input.consoleVersion },
    generatedAt: input.generatedAt.toISOString(),
    generatedBy: input.generatedBy,
    ...(input.riskAndReview && { riskAndReview: input.riskAndReview }),
    files: input.files.map(({ path, sha256, bytes }) => ({ path, sha256, bytes })),
    documentsNotIncluded: input.documentsNotIncluded ?? [],
  };
  const json = Buffer.from(`${JSON.stringify(body, null, 2)}\n`, "utf8");
  return { json, sha256: sha256Hex(json), bytes: json.length };
}

export function sha256Hex(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}
