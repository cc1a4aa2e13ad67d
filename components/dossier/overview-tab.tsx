import Link from "next/link";
import { companyHref } from "./company-link";
import type { Activities, Company, CompanyResponse } from "@/lib/registry/schemas.shared";
import { Badge } from "@/components/ui/badge";
import { DossierSection, Fact, FactGrid, NotReported } from "./not-reported";
import { EnumBadge } from "./enum-value";
import { label, markedLabel, words } from "@/lib/vocabulary/words.shared";
import { formatAddress, formatDate, formatMoney, formatNumber } from "@/lib/dossier/display-formats.shared";
import { riskItems } from "@/lib/dossier/risk-items.shared";
import { RiskSummary } from "./risk-summary";
import { snapshotFinancialStatements } from "@/lib/dossier/snapshot-documents.shared";

const activitySchemes: { key: string; label: string }[] = [
  { key: "NACE", label: "NACE" },
  { key: "ISIC", label: "ISIC" },
  { key: "NACE_REV21", label: "NACE Rev. 2.1" },
  { key: "NAF_2025", label: "NAF 2025" },
];

/** An identifier's kind in words ("Commercial register number (HRB)"); one this console does not know, as sent and marked. */
const identifierLabel = (kind: string) =>
  words("identifierKind", kind).known ? label("identifierKind", kind) : `Identifier: ${markedLabel("identifierKind", kind)}`;

function StatusFacts({ company }: { company: Company }) {
  const details = company.status?.statusDetails;
  return (
    <FactGrid>
      <Fact label="Status (register wording)" value={company.status?.localName} />
      <Fact label="Active">{company.status?.active === undefined ? null : company.status.active ? "Yes" : "No"}</Fact>
      <Fact label="Status">{details?.status ? <EnumBadge value={details.status} kind="companyStatus" /> : null}</Fact>
      <Fact label="Closure reason" value={details?.closureReason} />
      <Fact label="Closure date" value={formatDate(details?.closureDate)} />
      <Fact label="Insolvency start" value={formatDate(details?.insolvencyStartDate)} />
      <Fact label="Additional information" value={details?.additionalInfo} />
      <Fact label="Registered on" value={formatDate(company.registrationDate)} />
      <Fact label="Incorporated on" value={formatDate(company.incorporationDate)} />
    </FactGrid>
  );
}

function ComplianceFlagList({ company }: { company: Company }) {
  const flags = Object.entries(company.complianceFlags ?? {}).filter(([, f]) => f && typeof f === "object");
  if (flags.length === 0) return <NotReported />;
  return (
    <ul className="divide-y rounded-md border text-sm">
      {flags.map(([name, raw]) => {
        const flag = raw as {
          active?: boolean;
          since?: string;
          dueDate?: string;
          source?: string;
          lastConfirmedOn?: string;
          observedAt?: string;
        };
        return (
          <li key={name} className="flex flex-wrap items-center gap-2 px-3 py-2" data-flag={name}>
            <Badge variant={flag.active ? "destructive" : "secondary"}>{flag.active ? "Active" : "Not active"}</Badge>
            <span className="font-medium">{label("complianceFlag", name)}</span>
            <span className="text-muted-foreground [overflow-wrap:anywhere]">
              {[
                flag.since && `since ${formatDate(flag.since)}`,
                flag.dueDate && `due ${formatDate(flag.dueDate)}`,
                flag.lastConfirmedOn && `last confirmed ${formatDate(flag.lastConfirmedOn)}`,
                flag.observedAt && `observed ${formatDate(flag.observedAt)}`,
                flag.source && `source: ${flag.source}`,
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function FilingFacts({ company }: { company: Company }) {
  const filings = company.statutoryFilings;
  if (!filings || (!filings.accounts && !filings.annualFiling)) return <NotReported />;
  const rows = [
    {
      label: "Accounts",
      filing: filings.accounts,
      extra: filings.accounts?.financialYearEnd && `financial year ends ${filings.accounts.financialYearEnd}`,
    },
    {
      label: "Annual filing",
      filing: filings.annualFiling,
      extra: filings.annualFiling?.cadence && `cadence ${filings.annualFiling.cadence}`,
    },
  ];
  return (
    <FactGrid>
      {rows.map(({ label, filing, extra }) => (
        <Fact key={label} label={label}>
          {filing ? (
            <span className="space-y-1">
              <span className="block">
                Last filed:{" "}
                {filing.lastFiled
                  ? `${filing.lastFiled.year ?? ""} on ${formatDate(filing.lastFiled.filedOn) ?? "an unreported date"}`
                  : "not reported"}
              </span>
              <span className="block">
                Next:{" "}
                {filing.next
                  ? `${filing.next.year ?? ""} due ${formatDate(filing.next.dueDate) ?? "on an unreported date"}`
                  : "not reported"}{" "}
                {filing.next?.overdue && <Badge variant="destructive">Overdue</Badge>}
              </span>
              {extra && <span className="block text-muted-foreground">{extra}</span>}
              {filing.source && <span className="block text-xs text-muted-foreground">Source: {filing.source}</span>}
            </span>
          ) : null}
        </Fact>
      ))}
    </FactGrid>
  );
}

function ActivityLists({ activities, description }: { activities: Activities | undefined; description: string | undefined }) {
  const known = new Set(activitySchemes.map((s) => s.key));
  const others = Object.keys(activities ?? {})
    .filter((key) => !known.has(key))
    .map((key) => ({ key, label: key }));
  return (
    <FactGrid>
      {[...activitySchemes, ...others].map(({ key, label }) => {
        const list = (
          activities as Record<string, { code: string; description?: string; isAIInferred?: boolean }[] | undefined> | undefined
        )?.[key];
        return (
          <Fact key={key} label={label}>
            {list && list.length > 0 ? (
              <ul className="space-y-0.5">
                {list.map((item, index) => (
                  <li key={`${item.code}-${index}`}>
                    <code>{item.code}</code> {item.description}
                    {item.isAIInferred && (
                      <Badge variant="outline" className="ml-1">
                        AI-inferred
                      </Badge>
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
          </Fact>
        );
      })}
      <Fact label="Activity description" value={description} />
    </FactGrid>
  );
}

function formatEmployees(count: Company["employeeCount"]): string | undefined {
  if (!count) return undefined;
  const value =
    count.exact !== undefined
      ? formatNumber(count.exact)
      : count.min !== undefined || count.max !== undefined
        ? `${count.min !== undefined ? formatNumber(count.min) : "?"} to ${count.max !== undefined ? formatNumber(count.max) : "?"}`
        : undefined;
  if (!value) return undefined;
  return [value, count.isEstimate && "(estimate)", count.lastUpdated && `as of ${formatDate(count.lastUpdated)}`].filter(Boolean).join(" ");
}

/** The company at a glance: what to worry about first, then each fact the register reports (or says it does not). */
export function OverviewTab({
  snapshot,
  onEvidence,
}: {
  snapshot: CompanyResponse | null;
  onEvidence: (tab: string, anchor: string) => void;
}) {
  const company = snapshot?.company;
  if (!company) {
    const statuses = snapshot?.request.dataStatus?.dataPoints ?? {};
    const ordered = "company" in statuses || "companyProfile" in statuses;
    const file = companyHref(snapshot?.request.countryCode, snapshot?.request.companyId);
    return (
      <p className="rounded-md border p-4 text-sm text-muted-foreground">
        {ordered
          ? "No company profile in this snapshot yet: the registry has not delivered it (see the status above)."
          : "This request did not order the company profile; it brought only what the status above lists."}
        {file && (
          <>
            {" "}
            <Link href={file} className="text-primary underline-offset-4 hover:underline">
              Open the company file
            </Link>{" "}
            for everything known of the company.
          </>
        )}
      </p>
    );
  }
  const taxId = company.taxId;
  const legalForm = company.legalForm;
  const formerNames = [...(company.legacyLegalNames ?? []), ...(company.legacyCommercialNames ?? [])];
  return (
    <div className="min-w-0 space-y-4">
      <DossierSection title="Risk summary" id="risk-summary">
        <RiskSummary items={riskItems(company, snapshotFinancialStatements(snapshot))} onEvidence={onEvidence} />
      </DossierSection>
      <DossierSection title="Status" id="status">
        <StatusFacts company={company} />
      </DossierSection>
      <DossierSection title="Compliance flags" id="compliance-flags">
        <ComplianceFlagList company={company} />
      </DossierSection>
      <DossierSection title="Statutory filings" id="filings">
        <FilingFacts company={company} />
      </DossierSection>
      <DossierSection title="Names and identifiers" id="identifiers">
        <FactGrid>
          <Fact label="Legal name" value={company.legalName} />
          <Fact label="Legal name in English" value={company.legalNameInEnglish} />
          <Fact label="Commercial names" value={company.commercialNames?.join(" · ")} />
          <Fact label="Transliterations" value={company.companyNameTransliterations?.join(" · ")} />
          <Fact label="Company id" value={company.id} />
          {Object.entries(company.identifiers ?? {}).map(([kind, value]) => (
            <Fact key={kind} label={identifierLabel(kind)} value={value} />
          ))}
          <Fact label="Tax id">
            {taxId?.value ? `${taxId.value}${taxId.type ? ` (${taxId.type}${taxId.country ? `, ${taxId.country}` : ""})` : ""}` : null}
          </Fact>
          <Fact label="Tax id verification">
            {taxId?.verification?.status ? (
              <span className="space-x-1">
                <EnumBadge
                  value={taxId.verification.status}
                  kind="taxIdVerification"
                  variant={taxId.verification.status === "verified" ? "success" : "outline"}
                />
                <span className="text-muted-foreground">
                  {[
                    taxId.verification.verifiedAt && `on ${formatDate(taxId.verification.verifiedAt)}`,
                    taxId.verification.source && `via ${taxId.verification.source}`,
                    taxId.verification.verifiedName && `name: ${taxId.verification.verifiedName}`,
                    taxId.verification.verifiedAddress && `address: ${taxId.verification.verifiedAddress}`,
                    taxId.verification.consultationNumber && `consultation ${taxId.verification.consultationNumber}`,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </span>
            ) : null}
          </Fact>
        </FactGrid>
      </DossierSection>
      <DossierSection title="Legal form and capital" id="legal-form">
        <FactGrid>
          <Fact label="Legal form (local)" value={legalForm?.localName} />
          <Fact label="Legal form (English)" value={legalForm?.englishTranslation} />
          <Fact label="Standardized" value={legalForm?.standardized} />
          <Fact label="ISO 20275 code">
            {legalForm?.iso20275Code ? (
              <span>
                <code>{legalForm.iso20275Code}</code>
                {legalForm.isAIEnriched && (
                  <Badge variant="outline" className="ml-1">
                    AI-enriched
                  </Badge>
                )}
              </span>
            ) : null}
          </Fact>
          <Fact label="Capital" value={formatMoney(company.capital)} />
        </FactGrid>
      </DossierSection>
      <DossierSection title="Activities" id="activities">
        <ActivityLists activities={company.activities} description={company.activityDescription} />
      </DossierSection>
      <DossierSection title="Address, size and contacts" id="contacts">
        <FactGrid>
          <Fact label="Legal address" value={formatAddress(company.legalAddress)} />
          <Fact label="Employees" value={formatEmployees(company.employeeCount)} />
          <Fact label="Website">
            {company.website ? (
              <a
                href={/^https?:\/\//.test(company.website) ? company.website : `https://${company.website}`}
                rel="noopener noreferrer"
                target="_blank"
                className="text-primary underline-offset-4 hover:underline"
              >
                {company.website}
              </a>
            ) : null}
          </Fact>
          <Fact label="Phones" value={company.phones?.join(" · ")} />
        </FactGrid>
      </DossierSection>
      <DossierSection title="Former names" id="former-names">
        {formerNames.length ? (
          <ul className="list-inside list-disc text-sm [overflow-wrap:anywhere]">
            {formerNames.map((name, index) => (
              <li key={`${name}-${index}`}>{name}</li>
            ))}
          </ul>
        ) : (
          <NotReported />
        )}
      </DossierSection>
    </div>
  );
}
