import type { CompanyResponse, FinancialStatement, RegistryDocument } from "@/lib/registry/schemas.shared";

/**
 * A document as the snapshot carries it, with where it sits and whether it was delivered. `downloadUrl` is the
 * signed URL on the server only; a browser gets "signed URL withheld…" there (lib/dossier/withhold-signed-urls.shared.ts).
 */
export type DossierDocument = RegistryDocument & { key: string; delivered: boolean; downloadUrl?: string; urlExpiresAt?: string };

/** A delivered document's signed URL: the spec's `url`, or the simulator's `downloadUrl`, or `pdfUrl`. */
export function signedUrlOf(document: RegistryDocument): string | undefined {
  const extra = document as RegistryDocument & { downloadUrl?: unknown };
  return document.url ?? (typeof extra.downloadUrl === "string" ? extra.downloadUrl : undefined) ?? document.pdfUrl;
}

/** Every document of a snapshot: the delivered ones under `documents` first, then the listing's others. */
export function snapshotDocuments(snapshot: CompanyResponse | null | undefined): DossierDocument[] {
  const seen = new Map<string, DossierDocument>();
  for (const [key, value] of Object.entries(snapshot?.documents ?? {})) {
    const list = (Array.isArray(value) ? value : value ? [value] : []) as RegistryDocument[];
    for (const document of list) {
      if (!document || typeof document !== "object" || typeof document.id !== "string") continue;
      const url = signedUrlOf(document);
      const expires = (document as { urlExpiresAt?: unknown }).urlExpiresAt;
      seen.set(document.id, {
        ...document,
        key,
        delivered: Boolean(url),
        downloadUrl: url,
        urlExpiresAt: typeof expires === "string" ? expires : undefined,
      });
    }
  }
  for (const document of snapshot?.availableDocuments ?? []) {
    if (!seen.has(document.id)) seen.set(document.id, { ...document, key: "availableDocuments", delivered: false });
  }
  return [...seen.values()];
}

/** The financial statements of a snapshot, newest period first. */
export function snapshotFinancialStatements(snapshot: CompanyResponse | null | undefined): FinancialStatement[] {
  const documents = snapshot?.documents;
  const list: FinancialStatement[] = [...(documents?.financialStatements ?? [])];
  const last = documents?.lastFiscalYearFinancialStatement;
  if (last && !list.some((s) => s.id === last.id)) list.push(last);
  const year = (s: FinancialStatement) => s.period?.endDate?.year ?? Number(s.extractedFinancialData?.fiscalYear) ?? 0;
  return list.filter((s) => s.extractedFinancialData).sort((a, b) => (year(b) || 0) - (year(a) || 0));
}
