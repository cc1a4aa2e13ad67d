import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ConnectionKeyRemedy } from "@/components/connections/connection-key-remedy";
import { guardPage } from "@/lib/auth/guard-page";
import { registryClientForRequest } from "@/lib/connections/active-connection";
import { sectionFor } from "@/lib/navigation/sections";
import { companyHeader } from "@/lib/orders/company-header";
import { cachedPricing } from "@/lib/orders/pricing-cache";
import { countryNames, isRegistryCountry } from "@/lib/registry/countries";
import { RegistryError, type RegistryErrorInfo } from "@/lib/registry/registry-error";
import { OrderPanel } from "./order-panel";

export const metadata: Metadata = { title: "Company" };

const settle = <T,>(promise: Promise<T>): Promise<{ value?: T; error?: RegistryErrorInfo }> =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => {
      if (error instanceof RegistryError) return { error: error.toInfo() };
      throw error;
    },
  );

function RegistryProblem({ what, error }: { what: string; error: RegistryErrorInfo }) {
  return (
    <p role="alert" className="rounded-md border border-destructive/40 px-4 py-2 text-sm text-destructive">
      {what} failed: <code>{error.code}</code>: {error.message}
      {error.retryable && (error.retryAfter ? ` Try again in ${error.retryAfter} s.` : " Reload the page to try again.")}
      <ConnectionKeyRemedy code={error.code} />
    </p>
  );
}

export default async function CompanyPage({ params }: PageProps<"/companies/[country]/[id]">) {
  const user = await guardPage(sectionFor("/search").roles);
  const { country, id: rawId } = await params;
  const id = decodeURIComponent(rawId);
  if (!isRegistryCountry(country)) notFound();
  // A connection whose key cannot be read is a RegistryError too: said here, in the page.
  const connection = await settle(registryClientForRequest());
  if (connection.error) return <RegistryProblem what="Opening the registry connection" error={connection.error} />;
  const registry = connection.value;
  if (!registry) {
    return (
      <p role="status" className="rounded-md border border-dashed px-4 py-6 text-sm">
        No registry connection is configured. An admin adds one in <Link href="/settings/connections">Settings → Connections</Link>.
      </p>
    );
  }
  const [header, pricing] = await Promise.all([settle(companyHeader(registry.client, country, id)), settle(cachedPricing(registry.connection.id, registry.client, country))]);
  const company = header.value;
  const canOrder = user.role === "admin" || user.role === "compliance";

  return (
    <div className="space-y-6">
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{company?.legalName ?? id}</h1>
        {company?.legalNameInEnglish && company.legalNameInEnglish !== company.legalName && <p className="[overflow-wrap:anywhere]">{company.legalNameInEnglish}</p>}
        {company?.companyNameTransliterations?.length ? <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">Transliterated: {company.companyNameTransliterations.join(" · ")}</p> : null}
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {countryNames[country]} ({country}) · {id}
          {company?.address && ` · ${[company.address.addressLine1, company.address.postalCode, company.address.city].filter(Boolean).join(", ")}`}
        </p>
        {!company && !header.error && <p className="text-sm text-muted-foreground">The registry&apos;s search does not return this id exactly; the header shows the id as given.</p>}
      </div>
      {header.error && <RegistryProblem what="Looking the company up" error={header.error} />}
      {pricing.error && <RegistryProblem what="Reading the prices" error={pricing.error} />}
      {pricing.value && <OrderPanel countryCode={country} companyId={id} pricing={pricing.value} canOrder={canOrder} />}
    </div>
  );
}
