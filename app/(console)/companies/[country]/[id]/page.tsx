import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NoConnectionNotice, RegistryProblem } from "@/components/connections/registry-problem";
import { CompanyTimeline } from "@/components/dossier/company-timeline";
import { DossierTabs } from "@/components/dossier/dossier-tabs";
import { FileSources } from "@/components/dossier/file-sources";
import { MonitoringStatus } from "@/components/monitors/monitoring-status";
import { MonitorDialog } from "@/components/monitors/monitor-dialog";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { readCompanyFile } from "@/lib/company-file/company-file-view";
import { companyTimeline } from "@/lib/portfolio/company-timeline";
import { noConnection } from "@/lib/connections/no-connection";
import { registryFor } from "@/lib/connections/registry-for";
import { editableMonitor, prefilledMetadata } from "@/lib/monitors/metadata-input.shared";
import { companyMonitorRecord } from "@/lib/monitors/monitor-records";
import { companyHeader } from "@/lib/orders/company-header";
import { heldDatapoints } from "@/lib/orders/order-defaults.shared";
import { cachedPricing } from "@/lib/pricing/pricing-cache";
import { countryNames, isRegistryCountry } from "@/lib/registry/countries.shared";
import { settle } from "@/lib/registry/settle";
import { updateMetadataAction } from "../../../monitors/[monitorId]/actions";
import { startMonitorAction } from "../../../monitors/actions";
import { expandGraphAction } from "../../../requests/[requestId]/graph-actions";
import { CompanyRiskSection } from "./company-risk-section";
import { OrderPanel } from "./order-panel";
import { ReviewSection } from "./review-section";

export const metadata: Metadata = { title: "Company" };

/** The timeline's events shown at first, and at most on "Show the whole timeline". */
const timelineShown = 50;
const wholeTimelineShown = 1000;

export default async function CompanyPage({ params, searchParams }: PageProps<"/companies/[country]/[id]">) {
  const user = await guardPage("search");
  const [{ country, id: rawId }, query] = await Promise.all([params, searchParams]);
  const id = decodeURIComponent(rawId);
  const wholeTimeline = query.timeline === "all";
  if (!isRegistryCountry(country)) notFound();
  // No connection, or one whose key cannot be read, is a RegistryError too: said here, in the page.
  const opened = await settle(registryFor());
  if (opened.error?.code === noConnection) {
    return <NoConnectionNotice message={opened.error.message} canAdd={can(user.role, "manageConnections")} />;
  }
  if (opened.error) return <RegistryProblem what="Opening the registry connection" error={opened.error} />;
  const registry = opened.value;
  const canRead = can(user.role, "readDossiers");
  const key = { connectionId: registry.connection.id, countryCode: country, companyId: id };
  const shown = wholeTimeline ? wholeTimelineShown : timelineShown;
  const [header, pricing, file, timeline] = await Promise.all([
    settle(companyHeader(registry.client, country, id)),
    settle(cachedPricing(registry.connection.id, registry.client, country)),
    readCompanyFile(key),
    // One more than shown: whether there are more.
    canRead ? companyTimeline(key, { limit: shown + 1, role: user.role }) : undefined,
  ]);
  const company = header.value;
  const monitorRecord = can(user.role, "readMonitors") ? await companyMonitorRecord(registry.connection.id, country, id) : null;
  const canOrder = can(user.role, "spendCredits");
  const tab = typeof query.tab === "string" ? query.tab : undefined;

  return (
    <div className="space-y-6">
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{company?.legalName ?? id}</h1>
        {company?.legalNameInEnglish && company.legalNameInEnglish !== company.legalName && (
          <p className="[overflow-wrap:anywhere]">{company.legalNameInEnglish}</p>
        )}
        {company?.companyNameTransliterations?.length ? (
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            Transliterated: {company.companyNameTransliterations.join(" · ")}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {countryNames[country]} ({country}) · {id}
          {company?.address &&
            ` · ${[company.address.addressLine1, company.address.postalCode, company.address.city].filter(Boolean).join(", ")}`}
        </p>
        {!company && !header.error && (
          <p className="text-sm text-muted-foreground">
            The registry&apos;s search does not return this id exactly; the header shows the id as given.
          </p>
        )}
      </div>
      {header.error && <RegistryProblem what="Looking the company up" error={header.error} />}
      <CompanyRiskSection companyKey={{ ...key, countryCode: country }} user={user} />
      {file && canRead && (
        <section aria-label="Company file" className="min-w-0 space-y-4">
          <FileSources sources={file.sources} graphParts={file.graphParts} />
          {can(user.role, "exportEvidence") && (
            // A plain download: the route streams the ZIP as it is assembled.
            <a
              href={`/api/companies/${country}/${encodeURIComponent(id)}/evidence`}
              download
              className="inline-flex items-center rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Export the company file&apos;s evidence pack
            </a>
          )}
          <DossierTabs
            request={{ requestId: file.latestRequestId ?? "", snapshot: file.snapshot, version: 0, updatedAt: file.updatedAt }}
            graphRequestId={file.graphParts.at(-1)?.requestId}
            canExpand={canOrder}
            expandGraph={expandGraphAction}
          />
        </section>
      )}
      {file && can(user.role, "readPortfolio") && <ReviewSection companyKey={key} file={file} user={user} />}
      {timeline && (
        <CompanyTimeline
          events={timeline}
          shown={shown}
          wholeHref={wholeTimeline ? undefined : `?${new URLSearchParams({ ...(tab && { tab }), timeline: "all" })}#timeline`}
        />
      )}
      {pricing.error && <RegistryProblem what="Reading the prices" error={pricing.error} />}
      {pricing.value && (
        <OrderPanel
          countryCode={country}
          companyId={id}
          pricing={pricing.value}
          canOrder={canOrder}
          held={file ? heldDatapoints(file.sources, new Date()) : undefined}
        />
      )}
      {monitorRecord !== null && (
        <MonitoringStatus record={monitorRecord}>
          {can(user.role, "manageMonitors") && (
            <MonitorDialog
              target={{ countryCode: country, companyId: id }}
              start={startMonitorAction}
              monitor={editableMonitor(monitorRecord)}
              save={updateMetadataAction}
              prefilled={prefilledMetadata(null, user.email)}
              companyLabel={`${company?.legalName ?? id} (${country} ${id})`}
            />
          )}
        </MonitoringStatus>
      )}
    </div>
  );
}
