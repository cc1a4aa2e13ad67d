import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ConnectionKeyRemedy } from "@/components/connections/connection-key-remedy";
import { can } from "@/lib/auth/capabilities";
import { guardPage } from "@/lib/auth/guard-page";
import { noConnection } from "@/lib/connections/no-connection";
import { registryFor } from "@/lib/connections/registry-for";
import { companyHeader } from "@/lib/orders/company-header";
import { cachedPricing } from "@/lib/orders/pricing-cache";
import { countryNames, isRegistryCountry } from "@/lib/registry/countries";
import { RegistryError, type RegistryErrorInfo } from "@/lib/registry/registry-error";
import { OrderPanel } from "./order-panel";

export const metadata: Metadata = { title: "Company" };

const settle = <T,>(promise: Promise<T>): Promise<{ value: T; error?: undefined } | { value?: undefined; error: RegistryErrorInfo }> =>
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
  const user = await guardPage("search");
  const { country, id: rawId } = await params;
  const id = decodeURIComponent(rawId);
  if (!isRegistryCountry(country)) notFound();
  // No connection, or one whose key cannot be read, is a RegistryError too: said here, in the page.
  const opened = await settle(registryFor());
  if (opened.error?.code === noConnection) {
    return (
      <p role="status" className="rounded-md border border-dashed px-4 py-6 text-sm">
        {opened.error.message}
        {can(user.role, "manageConnections") && (
          <Link href="/settings/connections" className="ml-1 text-primary underline-offset-4 hover:underline">
            Add one
          </Link>
        )}
      </p>
    );
  }
  if (opened.error) return <RegistryProblem what="Opening the registry connection" error={opened.error} />;
  const registry = opened.value;
  const [header, pricing] = await Promise.all([
    settle(companyHeader(registry.client, country, id)),
    settle(cachedPricing(registry.connection.id, registry.client, country)),
  ]);
  const company = header.value;
  const canOrder = can(user.role, "spendCredits");

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
      {pricing.error && <RegistryProblem what="Reading the prices" error={pricing.error} />}
      {pricing.value && <OrderPanel countryCode={country} companyId={id} pricing={pricing.value} canOrder={canOrder} />}
    </div>
  );
}
