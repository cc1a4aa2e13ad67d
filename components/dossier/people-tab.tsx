import type {
  Company,
  CompanyResponse,
  LegalRepresentative,
  OtherKeyPerson,
  Person,
  Shareholder,
  Subsidiary,
  Ubo,
} from "@/lib/registry/schemas.shared";
import { Badge } from "@/components/ui/badge";
import { CompanyLink } from "./company-link";
import { DossierSection, NotReported } from "./not-reported";
import { EnumBadge } from "./enum-value";
import { label } from "@/lib/vocabulary/words.shared";
import {
  formatAddress,
  formatDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPersonName,
} from "@/lib/dossier/display-formats.shared";
import { formatShareInterval } from "@/lib/dossier/share-interval.shared";
import { signingAuthorityProvenance, signingAuthoritySentence } from "@/lib/dossier/signing-authority-sentence.shared";

type Party = { type?: string; individual?: Person; company?: Company; entityId?: string };

/** A person's or company's name; companies link to their page where the register gave an id. */
function PartyName({ party }: { party: Party }) {
  if (party.company && (party.type === "company" || !party.individual)) {
    const name = party.company.legalName ?? party.company.legalNameInEnglish ?? party.company.id;
    return (
      <span className="font-medium">
        <CompanyLink countryCode={party.company.countryCode} id={party.company.id}>
          {name ?? "Company name not reported by the register"}
        </CompanyLink>
        {party.company.countryCode && <span className="ml-1 text-xs text-muted-foreground">{party.company.countryCode}</span>}
      </span>
    );
  }
  const name = formatPersonName(party.individual?.name);
  return <span className="font-medium [overflow-wrap:anywhere]">{name ?? "Name not reported by the register"}</span>;
}

function PersonDetails({ person }: { person: Person | undefined }) {
  if (!person) return null;
  const birth = person.birthDate;
  const parts = [
    birth &&
      (birth.year || birth.month) &&
      `born ${[birth.year, birth.month && String(birth.month).padStart(2, "0"), birth.day && String(birth.day).padStart(2, "0")].filter(Boolean).join("-")}`,
    person.nationality && `nationality ${person.nationality}`,
    formatAddress(person.residenceAddress) && `lives in ${formatAddress(person.residenceAddress)}`,
  ].filter(Boolean);
  return parts.length ? <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">{parts.join(" · ")}</span> : null;
}

function Dates({ start, end }: { start?: string; end?: string }) {
  if (!start && !end) return <span className="text-xs text-muted-foreground">Dates not reported by the register</span>;
  return (
    <span className="text-xs text-muted-foreground">
      {[start && `from ${formatDate(start)}`, end && `until ${formatDate(end)}`].filter(Boolean).join(" ")}
    </span>
  );
}

function PeopleList<T>({
  items,
  render,
  empty,
}: {
  items: T[] | undefined;
  render: (item: T, index: number) => React.ReactNode;
  empty?: string;
}) {
  if (!items || items.length === 0) return <NotReported what={empty} />;
  return (
    <ul className="divide-y rounded-md border">
      {items.map((item, index) => (
        <li key={index} className="min-w-0 space-y-1 px-3 py-2 text-sm">
          {render(item, index)}
        </li>
      ))}
    </ul>
  );
}

export function SigningAuthorityLine({ rep }: { rep: LegalRepresentative }) {
  const sentence = signingAuthoritySentence(rep);
  const provenance = signingAuthorityProvenance(rep);
  const wording = rep.signingPowers?.englishTranslation ?? rep.representationMode?.particularity?.englishTranslation;
  const local = rep.signingPowers?.localText ?? rep.representationMode?.particularity?.localText;
  if (!sentence && !wording)
    return <span className="block text-xs text-muted-foreground">Signing authority: not reported by the register</span>;
  return (
    <span className="block text-sm" data-signing>
      {sentence && <span className="font-medium">{sentence}</span>}
      {provenance && (
        <Badge variant="outline" className="ml-1" title="Read from the register's wording by AI">
          {provenance}
        </Badge>
      )}
      {(wording || local) && (
        <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">
          Register wording: {[local, wording && wording !== local ? `(${wording})` : undefined].filter(Boolean).join(" ")}
        </span>
      )}
    </span>
  );
}

function RepresentativeRow({ rep }: { rep: LegalRepresentative }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-2">
        <PartyName party={rep} />
        {rep.type && <EnumBadge value={rep.type} kind="entityType" />}
        {rep.corporateBody && <EnumBadge value={rep.corporateBody} kind="corporateBody" />}
      </span>
      <span className="block [overflow-wrap:anywhere]">
        Role:{" "}
        {rep.role
          ? [
              rep.role.localName,
              rep.role.englishTranslation && rep.role.englishTranslation !== rep.role.localName && `(${rep.role.englishTranslation})`,
              rep.role.standardized && `· ${rep.role.standardized}`,
            ]
              .filter(Boolean)
              .join(" ") || "not reported"
          : "not reported by the register"}
        {rep.role?.iso5009Code && (
          <span className="ml-1 text-xs text-muted-foreground">
            ISO 5009 <code>{rep.role.iso5009Code}</code>
          </span>
        )}
      </span>
      <Dates start={rep.startDate} end={rep.endDate} />
      {rep.representedBy && (
        <span className="block text-xs">
          Represented by {formatPersonName(rep.representedBy.name) ?? "a person whose name is not reported"}
        </span>
      )}
      <SigningAuthorityLine rep={rep} />
      <PersonDetails person={rep.individual} />
    </>
  );
}

function KeyPersonRow({ person }: { person: OtherKeyPerson }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-2">
        <PartyName party={person} />
        {person.corporateBody ? (
          <EnumBadge value={person.corporateBody} kind="corporateBody" />
        ) : (
          <span className="text-xs text-muted-foreground">Corporate body not reported</span>
        )}
      </span>
      <span className="block [overflow-wrap:anywhere]">
        Role:{" "}
        {person.role
          ? [
              person.role.localName,
              person.role.englishTranslation && `(${person.role.englishTranslation})`,
              person.role.standardized && `· ${person.role.standardized}`,
            ]
              .filter(Boolean)
              .join(" ")
          : "not reported by the register"}
      </span>
      <Dates start={person.startDate} end={person.endDate} />
    </>
  );
}

/** A share of control as the register gives it: an exact percentage or an interval, never a midpoint. */
export function shareText(detail: {
  percentageValue?: number;
  percentageRange?: { lower?: number; upper?: number };
  range?: { lower?: number; upper?: number };
}): string | undefined {
  if (detail.percentageValue !== undefined) return formatPercent(detail.percentageValue);
  return formatShareInterval(detail.percentageRange ?? detail.range);
}

function UboRow({ ubo }: { ubo: Ubo }) {
  const control = ubo.control;
  const types = control?.types ?? (control?.controlType ? [control.controlType] : []);
  const details = control?.details ?? control?.percentageDetails ?? [];
  return (
    <>
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium [overflow-wrap:anywhere]">{formatPersonName(ubo.name) ?? "Name not reported by the register"}</span>
        {types.map((type) => (
          <EnumBadge key={type} value={type} kind="uboControlType" />
        ))}
      </span>
      {details.length > 0 ? (
        <span className="block">
          {details.map((d, i) => (
            <span key={i} className="mr-3 inline-block" data-share>
              {[
                d.type && label("percentageDetailType", d.type),
                shareText(d) ?? "share not reported",
                d.nature,
                d.numberOfShares !== undefined && `${formatNumber(d.numberOfShares)} shares`,
                formatMoney(d.monetaryAmount),
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
          ))}
        </span>
      ) : (
        <span className="block text-xs text-muted-foreground">Share of control not reported by the register</span>
      )}
      {(control?.description || control?.additionalDetails) && (
        <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {[control.description, control.additionalDetails].filter(Boolean).join(" ")}
        </span>
      )}
      <PersonDetails person={ubo} />
    </>
  );
}

function ShareholderRow({ holder }: { holder: Shareholder }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-2">
        <PartyName party={holder} />
        {holder.type && <EnumBadge value={holder.type} kind="entityType" />}
      </span>
      <span className="block">
        {[
          holder.sharePercentage !== undefined ? formatPercent(holder.sharePercentage) : "percentage not reported",
          holder.numberOfShares !== undefined && `${formatNumber(holder.numberOfShares)} shares`,
          holder.nominalCapitalHeld && `capital held ${formatMoney(holder.nominalCapitalHeld)}`,
          holder.paidInAmount && `paid in ${formatMoney(holder.paidInAmount)}`,
        ]
          .filter(Boolean)
          .join(" · ")}
      </span>
      {holder.source && <span className="block text-xs text-muted-foreground">Source: {holder.source}</span>}
    </>
  );
}

/** A subsidiary's stake: exact, or the register's interval as an interval; listed even without either. */
export function subsidiaryShareText(subsidiary: Subsidiary): string {
  if (subsidiary.sharePercentage !== undefined) return formatPercent(subsidiary.sharePercentage);
  const interval = formatShareInterval(subsidiary.sharePercentageRange);
  if (interval) return interval;
  if (subsidiary.totalSharePercentage !== undefined) return `${formatPercent(subsidiary.totalSharePercentage)} in total`;
  return "Ownership stated without a percentage";
}

function SubsidiaryRow({ subsidiary }: { subsidiary: Subsidiary }) {
  return (
    <>
      <PartyName party={{ company: subsidiary.company, type: "company" }} />
      <span className="block" data-share>
        {[
          subsidiaryShareText(subsidiary),
          subsidiary.votingRightsPercentage !== undefined && `voting rights ${formatPercent(subsidiary.votingRightsPercentage)}`,
          subsidiary.numberOfShares !== undefined && `${formatNumber(subsidiary.numberOfShares)} shares`,
          subsidiary.nominalCapitalHeld && `capital held ${formatMoney(subsidiary.nominalCapitalHeld)}`,
          subsidiary.paidInAmount && `paid in ${formatMoney(subsidiary.paidInAmount)}`,
        ]
          .filter(Boolean)
          .join(" · ")}
      </span>
      <Dates start={subsidiary.acquisitionDate} end={subsidiary.endDate} />
    </>
  );
}

/** Everyone and every company around the company: representatives, key persons, owners, holdings, sites, relations. */
export function PeopleTab({ snapshot }: { snapshot: CompanyResponse | null }) {
  const s = snapshot ?? ({} as Partial<CompanyResponse>);
  return (
    <div className="min-w-0 space-y-4">
      <DossierSection title={`Legal representatives (${s.legalRepresentatives?.length ?? 0})`} id="legal-representatives">
        <PeopleList items={s.legalRepresentatives} render={(rep) => <RepresentativeRow rep={rep} />} />
      </DossierSection>
      <DossierSection title={`Other key persons (${s.otherKeyPersons?.length ?? 0})`} id="other-key-persons">
        <PeopleList items={s.otherKeyPersons} render={(person) => <KeyPersonRow person={person} />} />
      </DossierSection>
      <DossierSection title={`Ultimate beneficial owners (${s.ultimateBeneficialOwners?.length ?? 0})`} id="ubos">
        <PeopleList items={s.ultimateBeneficialOwners} render={(ubo) => <UboRow ubo={ubo} />} />
      </DossierSection>
      <DossierSection title={`Shareholders (${s.shareholders?.length ?? 0})`} id="shareholders">
        <PeopleList items={s.shareholders} render={(holder) => <ShareholderRow holder={holder} />} />
      </DossierSection>
      <DossierSection title={`Subsidiaries (${s.subsidiaries?.length ?? 0})`} id="subsidiaries">
        <PeopleList items={s.subsidiaries} render={(subsidiary) => <SubsidiaryRow subsidiary={subsidiary} />} />
      </DossierSection>
      <DossierSection title={`Establishments (${s.establishments?.length ?? 0})`} id="establishments">
        <PeopleList
          items={s.establishments}
          render={(site) => (
            <>
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium [overflow-wrap:anywhere]">{site.name ?? site.id ?? "Name not reported by the register"}</span>
                {site.active === undefined ? (
                  <span className="text-xs text-muted-foreground">Activity not reported</span>
                ) : (
                  <Badge variant={site.active ? "success" : "secondary"}>{site.active ? "Active" : "Closed"}</Badge>
                )}
              </span>
              <span className="block [overflow-wrap:anywhere]">
                {formatAddress(site.address) ?? "Address not reported by the register"}
              </span>
              <Dates start={site.creationDate} end={site.endDate} />
            </>
          )}
        />
      </DossierSection>
      <DossierSection title={`Company relationships (${s.companyRelationships?.length ?? 0})`} id="relationships">
        <PeopleList
          items={s.companyRelationships}
          render={(rel) => (
            <>
              <span className="flex flex-wrap items-center gap-2">
                {rel.relation ? (
                  <EnumBadge value={rel.relation} kind="companyRelation" />
                ) : (
                  <span className="text-xs text-muted-foreground">Relation not reported</span>
                )}
                <PartyName party={{ company: rel.company, type: "company" }} />
              </span>
              {(rel.effectiveDate || rel.description) && (
                <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">
                  {[rel.effectiveDate && `effective ${formatDate(rel.effectiveDate)}`, rel.description].filter(Boolean).join(" · ")}
                </span>
              )}
            </>
          )}
        />
      </DossierSection>
    </div>
  );
}
