import "server-only";
import { db } from "@/db/client";
import { companyFiles, type CompanyFileGraphPart, type CompanyFileSource } from "@/db/schema";
import type { CompanyResponse, Graph } from "@/lib/registry/schemas.shared";
import { signedUrlWithheld, withholdSignedUrls } from "@/lib/dossier/withhold-signed-urls.shared";
import { ofCompany, type CompanyKey } from "./company-file-store";

/** A company file as a page may see it: no signed URL in it. */
export type CompanyFileView = {
  countryCode: string;
  companyId: string;
  companyName: string | null;
  /** Datapoint → where its value came from. */
  sources: Record<string, CompanyFileSource>;
  graphParts: CompanyFileGraphPart[];
  /** The newest request for the company (any purpose). */
  latestRequestId: string | null;
  updatedAt: string;
  /**
   * The file in the shape of a company response, for the dossier's tabs: every section from its datapoint's source,
   * the merged graph, every document (each naming the request it is downloaded through, `sourceRequestId`).
   */
  snapshot: CompanyResponse;
};

/** The company file of `key`, or undefined when the console has no request for the company through that connection. */
export async function readCompanyFile(key: CompanyKey): Promise<CompanyFileView | undefined> {
  const [row] = await db().select().from(companyFiles).where(ofCompany(companyFiles, key));
  if (!row) return undefined;
  const delivered: Record<string, Record<string, unknown>[]> = {};
  const listed: Record<string, unknown>[] = [];
  for (const entry of row.documents) {
    const document = { ...entry.document, sourceRequestId: entry.requestId };
    if (!entry.delivered) listed.push(document);
    else (delivered[entry.key] ??= []).push({ ...document, url: signedUrlWithheld });
  }
  const snapshot = {
    request: {
      requestId: row.latestRequestId ?? "",
      countryCode: row.countryCode,
      companyId: row.companyId,
      companyLegalName: row.companyName ?? undefined,
      dataPoints: Object.keys(row.sources),
      dataStatus: { dataPoints: Object.fromEntries(Object.keys(row.sources).map((d) => [d, { status: "succeeded" }])), documents: {} },
    },
    ...row.sections,
    ...(row.graph ? { graph: row.graph as Graph } : {}),
    ...(Object.keys(delivered).length ? { documents: delivered } : {}),
    ...(listed.length ? { availableDocuments: listed } : {}),
  } as unknown as CompanyResponse;
  return {
    countryCode: row.countryCode,
    companyId: row.companyId,
    companyName: row.companyName,
    sources: row.sources,
    graphParts: row.graphParts,
    latestRequestId: row.latestRequestId,
    updatedAt: row.updatedAt.toISOString(),
    snapshot: withholdSignedUrls(snapshot),
  };
}

/** The merged ownership graph of a company file, for checking an expansion against what the user saw. */
export async function companyFileGraph(key: CompanyKey): Promise<Graph | undefined> {
  const [row] = await db().select({ graph: companyFiles.graph }).from(companyFiles).where(ofCompany(companyFiles, key));
  return (row?.graph as Graph | null) ?? undefined;
}
