import "server-only";
import {
  formatAddress,
  formatDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPersonName,
} from "@/lib/dossier/display-formats.shared";
import { label } from "@/lib/vocabulary/words.shared";
import { riskItems } from "@/lib/dossier/risk-items.shared";
import { formatShareInterval } from "@/lib/dossier/share-interval.shared";
import { signingAuthorityProvenance, signingAuthoritySentence } from "@/lib/dossier/signing-authority-sentence.shared";
import type { Company, CompanyResponse, DatapointStatus, Shareholder, Ubo } from "@/lib/registry/schemas.shared";
import { snapshotDocuments, snapshotFinancialStatements } from "@/lib/dossier/snapshot-documents.shared";
import { settledAt, type EvidenceFacts } from "./evidence-facts";
import { drawOwnershipGraph, graphDrawing } from "./graph-pdf";
import { colors, PdfWriter } from "./pdf-writer";
import { prepareFonts } from "./report-fonts";
import { riskAndReviewWords } from "./risk-and-review";
import { credits } from "@/lib/vocabulary/units.shared";

export const sandboxWatermark = "SANDBOX – not a register extract";

/** The characters beyond ASCII that the report's own wording and the dossier's formats use ("≤ 25 %", "a → b"). */
const wordingCharacters = "·–—…→≤≥";

export type ReportInput = {
  requestId: string;
  version: number;
  /** The merged snapshot with its signed URLs withheld (the report names no link). */
  snapshot: CompanyResponse | null;
  facts: EvidenceFacts;
  generatedAt: Date;
  generatedBy: string;
  /** Document id → its path in the pack, for the delivered documents the pack holds. */
  documentFiles: ReadonlyMap<string, string>;
  manifestSha256: string;
};

const when = (date: Date | null | undefined) =>
  date
    ? date
        .toISOString()
        .replace("T", " ")
        .replace(/\.\d+Z$/, " UTC")
    : "not recorded";

const entityName = (entity: { individual?: Ubo; company?: Company; name?: Ubo["name"] } | undefined) =>
  formatPersonName(entity?.individual?.name ?? entity?.name) ?? entity?.company?.legalName ?? "name not reported";

function cover(w: PdfWriter, input: ReportInput, company: Company | undefined): void {
  const { facts } = input;
  w.paragraph("Evidence pack", { size: 11, color: colors.muted });
  w.paragraph(company?.legalName ?? "Company name not reported", { size: 20, gap: 8 });
  w.field(
    "Country and company id",
    `${company?.countryCode ?? input.snapshot?.request.countryCode ?? "?"} ${company?.id ?? input.snapshot?.request.companyId ?? "?"}`,
  );
  w.field("Request", `${input.requestId}, version ${input.version}`);
  w.field("Connection", facts.connection ? `${facts.connection.name} (${facts.connection.environment})` : "connection deleted");
  w.field("Ordered by", facts.orderedBy ?? "not recorded (ordered outside this console, or user deleted)");
  w.field("Case reference", facts.caseReference);
  w.field("Credits charged", facts.creditsCharged === undefined ? "the registry reported no cost" : credits(facts.creditsCharged));
  w.field("Generated", `${when(input.generatedAt)} by ${input.generatedBy}`);

  w.heading("When each datapoint was retrieved", 2);
  const settled = settledAt(facts.versions);
  const status = input.snapshot?.request.dataStatus;
  const rows = [
    ...Object.entries(status?.dataPoints ?? {}).map(([name, entry]) => ({ kind: "datapoint" as const, name, entry })),
    ...Object.entries(status?.documents ?? {}).map(([name, entry]) => ({ kind: "document" as const, name, entry })),
  ];
  if (rows.length === 0) w.paragraph("The registry reported no datapoint status.", { size: 9.5 });
  for (const { kind, name, entry } of rows) {
    const at = settled.get(`${kind}:${name}`);
    w.paragraph(
      `${kind === "document" ? "Document " : ""}${name}: ${entry.status ?? "status not reported"}, ${at ? `retrieved ${when(at.at)} (version ${at.version})` : "not settled in a stored version"}`,
      {
        size: 9,
      },
    );
  }
}

function riskSummary(w: PdfWriter, snapshot: CompanyResponse | null): void {
  w.heading("Risk summary");
  const items = riskItems(snapshot?.company, snapshotFinancialStatements(snapshot));
  if (items.length === 0)
    w.paragraph("No active compliance flag, troubled status, overdue filing or elevated financial risk in what the register reported.");
  for (const item of items)
    w.paragraph(`${item.severity === "info" ? "Note" : `${item.severity[0]!.toUpperCase()}${item.severity.slice(1)}`}: ${item.text}`, {
      color: item.severity === "high" ? colors.high : item.severity === "medium" ? colors.medium : colors.text,
    });
}

/** The company's risk rating in force with its reasons, and its last review (from the portfolio). */
function riskAndReview(w: PdfWriter, facts: EvidenceFacts): void {
  w.heading("Risk rating and review");
  const words = riskAndReviewWords(facts.riskAndReview);
  w.field("Risk rating", words.ratingDetail ? `${words.rating} (${words.ratingDetail})` : words.rating);
  if (words.pin) w.paragraph(words.pin, { size: 9.5 });
  if (words.incomplete) w.paragraph(words.incomplete, { size: 9.5, color: colors.medium });
  if (words.reasons.length) w.heading("Reasons", 2);
  for (const reason of words.reasons) w.paragraph(reason, { size: 9.5, indent: 12 });
  w.field("Last review", words.lastReview);
  if (words.comment) w.paragraph(words.comment, { size: 9.5, indent: 12 });
  w.field("Next review due", words.nextReviewDue);
}

function companyProfile(w: PdfWriter, company: Company | undefined): void {
  w.heading("Company profile");
  if (!company) return void w.paragraph("The register returned no company profile.");
  w.field("Legal name", company.legalName);
  if (company.legalNameInEnglish) w.field("Legal name in English", company.legalNameInEnglish);
  if (company.commercialNames?.length) w.field("Commercial names", company.commercialNames.join("; "));
  const status = company.status?.statusDetails?.status;
  w.field(
    "Status",
    status ? label("companyStatus", status) : (company.status?.localName ?? (company.status?.active === false ? "not active" : undefined)),
  );
  w.field("Legal form", company.legalForm?.englishTranslation ?? company.legalForm?.localName);
  w.field("Registered", formatDate(company.registrationDate ?? company.incorporationDate));
  w.field("Address", formatAddress(company.legalAddress));
  w.field("Capital", formatMoney(company.capital));
  if (company.activityDescription) w.field("Activity", company.activityDescription);
  for (const [kind, value] of Object.entries(company.identifiers ?? {})) w.field(`Identifier ${kind}`, value);
}

function people(w: PdfWriter, snapshot: CompanyResponse | null): void {
  w.heading("People and signing authority");
  const reps = snapshot?.legalRepresentatives ?? [];
  if (reps.length === 0) w.paragraph("No legal representative reported.");
  for (const rep of reps) {
    const role = rep.role?.englishTranslation ?? rep.role?.localName ?? rep.role?.standardized ?? "role not reported";
    w.paragraph(`${entityName(rep)} — ${role}${rep.startDate ? `, since ${formatDate(rep.startDate)}` : ""}`, { size: 10 });
    const line = signingAuthoritySentence(rep);
    const provenance = signingAuthorityProvenance(rep);
    w.paragraph(`${line ?? "Signing authority not reported."}${provenance ? ` (${provenance})` : ""}`, {
      size: 9,
      color: colors.muted,
      indent: 12,
    });
  }
  const others = snapshot?.otherKeyPersons ?? [];
  if (others.length) w.heading("Other key persons", 2);
  for (const person of others) {
    w.paragraph(`${entityName(person)} — ${person.role?.englishTranslation ?? person.role?.localName ?? "role not reported"}`, {
      size: 9.5,
    });
  }
}

function uboShare(ubo: Ubo): string {
  const details = [...(ubo.control?.details ?? []), ...(ubo.control?.percentageDetails ?? [])];
  const shares = details
    .map((d) => (d.percentageValue !== undefined ? formatPercent(d.percentageValue) : formatShareInterval(d.percentageRange ?? d.range)))
    .filter(Boolean);
  const types = ubo.control?.types?.join(", ") ?? ubo.control?.controlType;
  return [types, shares.join(", ")].filter(Boolean).join(": ") || "control not stated";
}

function shareholderShare(holder: Shareholder): string {
  return holder.sharePercentage !== undefined
    ? formatPercent(holder.sharePercentage)
    : holder.numberOfShares !== undefined
      ? `${formatNumber(holder.numberOfShares)} shares`
      : "share not stated";
}

function owners(w: PdfWriter, snapshot: CompanyResponse | null): void {
  w.heading("Owners and holdings");
  w.heading("Ultimate beneficial owners", 2);
  const ubos = snapshot?.ultimateBeneficialOwners ?? [];
  if (ubos.length === 0) w.paragraph("No ultimate beneficial owner reported.");
  for (const ubo of ubos)
    w.paragraph(
      `${formatPersonName(ubo.name) ?? "name not reported"} — ${uboShare(ubo)}${ubo.nationality ? ` · ${ubo.nationality}` : ""}`,
      { size: 9.5 },
    );
  w.heading("Shareholders", 2);
  const holders = snapshot?.shareholders ?? [];
  if (holders.length === 0) w.paragraph("No shareholder reported.");
  for (const holder of holders) w.paragraph(`${entityName(holder)} — ${shareholderShare(holder)}`, { size: 9.5 });
  const subsidiaries = snapshot?.subsidiaries ?? [];
  if (subsidiaries.length) w.heading("Holdings (subsidiaries)", 2);
  for (const sub of subsidiaries) {
    const share =
      sub.sharePercentage !== undefined
        ? formatPercent(sub.sharePercentage)
        : (formatShareInterval(sub.sharePercentageRange) ?? "share not stated");
    w.paragraph(
      `${sub.company?.legalName ?? "name not reported"} (${sub.company?.countryCode ?? "?"} ${sub.company?.id ?? "?"}) — ${share}`,
      { size: 9.5 },
    );
  }
}

function documents(w: PdfWriter, input: ReportInput): void {
  w.heading("Documents");
  const list = snapshotDocuments(input.snapshot);
  if (list.length === 0) w.paragraph("No document listed or delivered.");
  for (const doc of list) {
    const file = input.documentFiles.get(doc.id);
    const state = file
      ? `in this pack as ${file}`
      : doc.delivered
        ? "delivered, not in this pack (see manifest.json)"
        : "listed, not ordered";
    w.paragraph(`${doc.nameInEnglish ?? doc.name ?? doc.id}${doc.date ? ` (${formatDate(doc.date)})` : ""} — ${state}`, { size: 9.5 });
  }
}

function financials(w: PdfWriter, snapshot: CompanyResponse | null): void {
  w.heading("Financial analysis");
  const statements = snapshotFinancialStatements(snapshot);
  if (statements.length === 0) w.paragraph("No financial statement with extracted figures.");
  for (const statement of statements) {
    const data = statement.extractedFinancialData!;
    const analysis = data.analysis;
    w.heading(
      `Fiscal year ${statement.period?.endDate?.year ?? data.fiscalYear ?? "not stated"}${data.currency ? ` (${data.currency})` : ""}`,
      2,
    );
    if (analysis?.overallRisk) w.field("Overall risk", label("riskLevel", analysis.overallRisk));
    if (analysis?.healthScore !== undefined) w.field("Health score", analysis.healthScore);
    if (analysis?.summary) w.paragraph(analysis.summary, { size: 9.5 });
    for (const [name, value] of Object.entries(analysis?.ratios ?? {})) {
      if (typeof value === "number") w.paragraph(`${name}: ${formatNumber(value)}`, { size: 9, indent: 12 });
    }
    for (const insight of analysis?.insights ?? []) {
      w.paragraph(
        `${insight.title ?? insight.category ?? "Insight"}${insight.riskLevel ? ` (${insight.riskLevel})` : ""}: ${insight.description ?? ""}`,
        { size: 9, indent: 12 },
      );
    }
  }
}

/** Marks the registry puts on what it derived rather than read: AI derivations with their confidence, AI enrichment. */
export function aiMarks(snapshot: CompanyResponse | null): string[] {
  const marks: string[] = [];
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) return value.forEach((item, i) => visit(item, `${path}[${i}]`));
    if (!value || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    if (typeof record.derivedFrom === "string")
      marks.push(
        `${path}: derived from ${record.derivedFrom}${typeof record.confidence === "string" ? `, confidence ${record.confidence}` : ""}`,
      );
    if (record.isAIEnriched === true) marks.push(`${path}: AI-enriched`);
    if (record.type === "ai_analysis") marks.push(`${path}: AI analysis`);
    for (const [key, child] of Object.entries(record)) if (key !== "request") visit(child, path ? `${path}.${key}` : key);
  };
  visit(snapshot, "");
  return marks;
}

function statusLine(name: string, entry: DatapointStatus, source: unknown): string {
  const register =
    typeof source === "string" ? source : source && typeof source === "object" ? JSON.stringify(source) : entry.error?.source;
  return [
    `${name}: ${entry.status ?? "status not reported"}`,
    `source register ${register ?? "not stated"}`,
    `authoritative ${entry.authoritative === undefined ? "not stated" : entry.authoritative ? "yes" : "no"}`,
    entry.cost !== undefined && `cost ${formatNumber(entry.cost)}`,
    entry.error && `error ${entry.error.code}: ${entry.error.message}`,
  ]
    .filter(Boolean)
    .join(" · ");
}

function provenance(w: PdfWriter, input: ReportInput): void {
  const { snapshot, facts } = input;
  w.heading("Provenance");
  w.heading("Datapoints", 2);
  const status = snapshot?.request.dataStatus;
  for (const [name, entry] of Object.entries(status?.dataPoints ?? {}))
    w.paragraph(statusLine(name, entry, snapshot?.dataSources?.[name]), { size: 9 });
  w.heading("Documents", 2);
  const byId = new Map(snapshotDocuments(snapshot).map((d) => [d.id, d]));
  for (const [name, entry] of Object.entries(status?.documents ?? {})) {
    const doc = byId.get(name);
    w.paragraph(statusLine(doc?.name ?? name, entry, doc?.source?.register ?? doc?.source?.type), { size: 9 });
  }
  w.heading("AI-derived marks", 2);
  const marks = aiMarks(snapshot);
  if (marks.length === 0) w.paragraph("The registry marked nothing as derived or AI-enriched.", { size: 9 });
  for (const mark of marks) w.paragraph(mark, { size: 9 });
  w.heading("Snapshot versions", 2);
  if (facts.versions.length === 0) w.paragraph("No version history stored.", { size: 9 });
  for (const v of facts.versions) w.paragraph(`Version ${v.version}: applied ${when(v.appliedAt)} from ${v.source}`, { size: 9 });
  w.heading("Monitoring: alerts and changes", 2);
  if (facts.alerts.length === 0) w.paragraph("Monitoring produced no alert for this company.", { size: 9 });
  for (const a of facts.alerts) {
    const diff = a.changeRequestId
      ? `; changes compared: request ${a.changeRequestId} against ${a.baselineRequestId ?? "?"} version ${a.baselineVersion ?? "?"}`
      : "";
    w.paragraph(
      `Alert ${a.id} (${a.categories.join(", ") || "no category"}): opened ${when(a.openedAt)}, ${a.state}${a.resolvedAt ? `, resolved ${when(a.resolvedAt)} (${a.outcome ?? "no outcome"})` : ""}${diff}`,
      { size: 9 },
    );
  }
}

/**
 * The evidence report as a PDF stream (pdfkit, in Node): the cover, then risk summary, risk rating and review, profile, people, owners,
 * the ownership graph in vector, documents, financial analysis and provenance; the last page names the
 * manifest's SHA-256. A sandbox connection's report carries the sandbox watermark on every page.
 */
export async function renderReport(input: ReportInput): Promise<PDFKit.PDFDocument> {
  // Every string the report draws comes from the snapshot, the facts, or the wording (lib/dossier's and this file's).
  await prepareFonts(
    `${JSON.stringify(input.snapshot)}${JSON.stringify(input.facts)}${input.generatedBy}${sandboxWatermark}${wordingCharacters}`,
  );
  const company = input.snapshot?.company;
  const w = new PdfWriter({ title: `Evidence pack: ${company?.legalName ?? input.requestId}`, author: input.generatedBy });
  cover(w, input, company);
  riskSummary(w, input.snapshot);
  riskAndReview(w, input.facts);
  companyProfile(w, company);
  people(w, input.snapshot);
  owners(w, input.snapshot);
  const graph = input.snapshot?.graph;
  if (graph?.nodes.length) {
    drawOwnershipGraph(w, graphDrawing(graph), `Ownership graph (${graph.nodes.length} nodes, ${graph.edges.length} links)`);
    w.doc.addPage({ size: "A4", margins: { top: 56, bottom: 56, left: 50, right: 50 } });
  } else {
    w.heading("Ownership graph");
    w.paragraph("No ownership graph in this request.");
  }
  documents(w, input);
  financials(w, input.snapshot);
  provenance(w, input);
  w.doc.addPage({ size: "A4", margins: { top: 56, bottom: 56, left: 50, right: 50 } });
  w.heading("Manifest");
  w.paragraph("SHA-256 of manifest.json in this pack:", { size: 10 });
  w.paragraph(input.manifestSha256, { size: 11 });
  w.paragraph(
    "manifest.json lists the SHA-256 and size of every other file of the pack except this report, which names the manifest's digest here instead.",
    { size: 9, color: colors.muted },
  );
  const sandbox = input.facts.connection?.environment === "sandbox";
  w.finishPages(`Request ${input.requestId} v${input.version}`, sandbox ? sandboxWatermark : undefined);
  w.doc.end();
  return w.doc;
}
