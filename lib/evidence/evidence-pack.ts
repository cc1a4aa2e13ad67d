import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable, pipeline } from "node:stream";
import { finished } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ZipFile } from "yazl";
import { audit, type Actor } from "@/lib/audit/audit";
import { fetchSignedDocument, type SignedDocument } from "@/lib/requests/fetch-signed-document";
import { snapshotDocuments, type DossierDocument } from "@/lib/dossier/snapshot-documents.shared";
import type { StoredRequest } from "@/lib/requests/stored-request";
import { withholdSignedUrls } from "@/lib/dossier/withhold-signed-urls.shared";
import { digestStream } from "./digest-stream";
import { evidenceFacts } from "./evidence-facts";
import { buildManifest, manifestPath, reportPath, sha256Hex, type ManifestFile, type ManifestInput } from "./manifest";
import { renderReport } from "./report-pdf";
import { riskAndReviewWords } from "./risk-and-review";

export type EvidencePackOptions = {
  /** Opens a delivered document (by default through its signed URL, refreshed through the request's connection). */
  fetchDocument?: (documentId: string) => Promise<SignedDocument>;
  now?: () => Date;
  /** More JSON files to put beside snapshot.json (a company file's sources), in the manifest like every file. */
  extraFiles?: { path: string; json: unknown }[];
};

let version: string | undefined;

/** The console's version, from its package.json (the app runs from the project folder: `next start`, the launcher). */
function consoleVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { version: string }).version;
  return version;
}

/** A document's name in the pack: its position, then its name kept readable (letters of any script) and bounded. */
export function documentPath(index: number, document: DossierDocument, contentType: string | null): string {
  const name = (document.nameInEnglish ?? document.name ?? document.id)
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N}._ -]+/gu, "_")
    .trim()
    .slice(0, 80);
  const format =
    document.format && /^[a-z0-9]{1,8}$/i.test(document.format)
      ? document.format.toLowerCase()
      : contentType?.includes("pdf")
        ? "pdf"
        : "bin";
  return `documents/${String(index + 1).padStart(2, "0")}-${name || "document"}.${format}`;
}

/** Streams `source` into the ZIP as `path`, hashing it on the way; resolves with its manifest line once it is written. */
async function addStream(zip: ZipFile, source: Readable, path: string): Promise<ManifestFile> {
  const { stream, digest } = digestStream();
  pipeline(source, stream, () => undefined); // errors reach `stream`, and `finished` below rejects with them
  zip.addReadStream(stream, path, { compress: false });
  await finished(stream);
  return { path, ...digest() };
}

/**
 * The evidence pack of a stored request as a ZIP stream, written while it is read: snapshot.json (signed URLs
 * withheld), every delivered registry document (fetched one at a time and streamed through), report.pdf naming
 * the manifest's SHA-256, and manifest.json (which also states the company's risk rating and last review). Only the snapshot JSON and the manifest are ever whole in memory.
 * The export is audited (`evidence.exported`) before the ZIP's last byte leaves, so a pack that was delivered
 * was audited, and an audit that fails breaks the download.
 */
export function evidencePack(request: StoredRequest, actor: Actor, options: EvidencePackOptions = {}): Readable {
  const now = options.now ?? (() => new Date());
  const fetchDocument = options.fetchDocument ?? ((documentId: string) => fetchSignedDocument(request, documentId));
  const zip = new ZipFile();
  const files: ManifestFile[] = [];
  let manifestSha256 = "";
  const output = digestStream(async ({ bytes, sha256 }) => {
    await audit(actor, "evidence.exported", request.requestId, {
      version: request.version,
      companyId: request.companyId,
      countryCode: request.countryCode,
      fileCount: files.length + 2,
      bytes,
      zipSha256: sha256,
      manifestSha256,
    });
  });
  zip.outputStream.pipe(output.stream);
  zip.outputStream.on("error", (error) => output.stream.destroy(error));

  const assemble = async () => {
    const generatedAt = now();
    const snapshot = withholdSignedUrls(request.snapshot);
    const snapshotJson = Buffer.from(`${JSON.stringify(snapshot, null, 2)}\n`, "utf8");
    zip.addBuffer(snapshotJson, "snapshot.json");
    files.push({ path: "snapshot.json", sha256: sha256Hex(snapshotJson), bytes: snapshotJson.length });
    for (const extra of options.extraFiles ?? []) {
      const bytes = Buffer.from(`${JSON.stringify(extra.json, null, 2)}\n`, "utf8");
      zip.addBuffer(bytes, extra.path);
      files.push({ path: extra.path, sha256: sha256Hex(bytes), bytes: bytes.length });
    }

    const documentFiles = new Map<string, string>();
    const documentsNotIncluded: NonNullable<ManifestInput["documentsNotIncluded"]>[number][] = [];
    const delivered = snapshotDocuments(request.snapshot).filter((d) => d.delivered);
    for (const [index, document] of delivered.entries()) {
      // A document that cannot be fetched now is named in the manifest, not a reason to refuse the whole pack.
      const opened = await fetchDocument(document.id).catch((error: unknown): SignedDocument => ({
        ok: false,
        status: 502,
        code: "download_failed",
        message: error instanceof Error ? error.message : String(error),
      }));
      if (!opened.ok) {
        documentsNotIncluded.push({ id: document.id, name: document.name ?? null, reason: `${opened.code}: ${opened.message}` });
        continue;
      }
      const path = documentPath(index, document, opened.response.headers.get("content-type"));
      files.push(await addStream(zip, Readable.fromWeb(opened.response.body as WebReadableStream<Uint8Array>), path));
      documentFiles.set(document.id, path);
    }

    const facts = await evidenceFacts(request);
    const manifest = buildManifest({
      requestId: request.requestId,
      version: request.version,
      consoleVersion: consoleVersion(),
      generatedAt,
      generatedBy: actor.email,
      files,
      documentsNotIncluded,
      riskAndReview: riskAndReviewWords(facts.riskAndReview),
    });
    manifestSha256 = manifest.sha256;
    const report = await renderReport({
      requestId: request.requestId,
      version: request.version,
      snapshot,
      facts,
      generatedAt,
      generatedBy: actor.email,
      documentFiles,
      manifestSha256: manifest.sha256,
    });
    await addStream(zip, report, reportPath);
    zip.addBuffer(manifest.json, manifestPath);
    zip.end();
  };
  assemble().catch((error: unknown) => {
    console.error(`Evidence pack of ${request.requestId} failed:`, error instanceof Error ? error.message : error);
    output.stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output.stream;
}

/** An evidence pack as a ZIP download, streamed as it is assembled, named `evidence-<name>.zip` (unsafe characters replaced). */
export function evidencePackResponse(zip: Readable, name: string): Response {
  return new Response(Readable.toWeb(zip) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="evidence-${name.replace(/[^\w.-]/g, "_")}.zip"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
