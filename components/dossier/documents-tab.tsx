import type { CompanyResponse, DatapointStatus } from "@/lib/registry/schemas.shared";
import { Badge } from "@/components/ui/badge";
import { companyHref } from "./company-link";
import { label, markedLabel } from "@/lib/vocabulary/words.shared";
import { EnumBadge } from "./enum-value";
import { formatDate } from "@/lib/dossier/display-formats.shared";
import { NotReported } from "./not-reported";
import { snapshotDocuments, type DossierDocument } from "@/lib/dossier/snapshot-documents.shared";
import { credits, duration } from "@/lib/vocabulary/units.shared";

/** A company file's document names the request it came with: it is downloaded through that request. */
function sourceRequestOf(document: DossierDocument): string | undefined {
  const source = (document as { sourceRequestId?: unknown }).sourceRequestId;
  return typeof source === "string" ? source : undefined;
}

function DocumentRow({
  requestId,
  document,
  status,
}: {
  requestId: string;
  document: DossierDocument;
  status: DatapointStatus | undefined;
}) {
  const facts: [string, string | undefined][] = [
    ["Date", formatDate(document.date)],
    ["Format", document.format],
    ["Price", document.price !== undefined ? credits(document.price) : undefined],
    [
      "Estimated delivery",
      document.estimatedDeliverySeconds === undefined ? undefined : duration(document.estimatedDeliverySeconds * 1000),
    ],
    ["Register", document.source?.register],
  ];
  return (
    <li className="min-w-0 space-y-1 px-3 py-2 text-sm" data-document={document.id}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium [overflow-wrap:anywhere]">{document.name ?? document.nameInEnglish ?? "Document without a name"}</span>
        {document.nameInEnglish && document.nameInEnglish !== document.name && (
          <span className="text-muted-foreground [overflow-wrap:anywhere]">({document.nameInEnglish})</span>
        )}
        {document.source?.type && <EnumBadge value={document.source.type} kind="documentSource" />}
        {status && (
          <Badge variant={status.status === "succeeded" ? "success" : status.status === "failed" ? "outline" : "secondary"}>
            {status.status === "failed" && status.error ? label("errorCode", status.error.code) : markedLabel("dataStatus", status.status)}
          </Badge>
        )}
      </div>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-5">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="[overflow-wrap:anywhere]">{value ?? <NotReported />}</dd>
          </div>
        ))}
      </dl>
      {document.delivered ? (
        <a
          href={`/api/requests/${encodeURIComponent(sourceRequestOf(document) ?? requestId)}/documents/${encodeURIComponent(document.id)}`}
          className="inline-flex items-center rounded-md border px-3 py-1 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          download
          data-download={document.id}
        >
          Download
        </a>
      ) : (
        <span className="text-xs text-muted-foreground">
          {status ? "Not delivered yet" : "Listed by the register; not ordered in this request"}
        </span>
      )}
    </li>
  );
}

/** Every document the snapshot knows: delivered ones with a download through the console, listed ones with their price. */
export function DocumentsTab({ requestId, snapshot }: { requestId: string; snapshot: CompanyResponse | null }) {
  const documents = snapshotDocuments(snapshot);
  const statuses = snapshot?.request.dataStatus?.documents ?? {};
  const company = snapshot?.company;
  const orderMore = companyHref(company?.countryCode ?? snapshot?.request.countryCode, company?.id ?? snapshot?.request.companyId);
  return (
    <div className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {documents.length} document{documents.length === 1 ? "" : "s"} in this snapshot. Downloads go through the console, which fetches a
          fresh signed link when needed and records each download in the audit log.
        </p>
        {orderMore && (
          <a href={orderMore} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Order more documents
          </a>
        )}
      </div>
      {documents.length === 0 ? (
        <p className="rounded-md border p-4 text-sm">
          <NotReported what="Documents" />
        </p>
      ) : (
        <ul className="divide-y rounded-md border">
          {documents.map((document) => (
            <DocumentRow
              key={document.id}
              requestId={requestId}
              document={document}
              status={statuses[document.id] ?? statuses[document.key]}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
