import { notFound } from "next/navigation";
import { guardPage } from "@/lib/auth/guard-page";
import { isRegistryCountry } from "@/lib/registry/countries.shared";

/**
 * Checks the capability and the country above the page's loading skeleton: a refusal (403) or an unknown country
 * (404) must set the response's status, which a page streamed after the skeleton no longer can. The page checks both
 * again itself.
 */
export default async function CompanyLayout({ children, params }: LayoutProps<"/companies/[country]/[id]">) {
  await guardPage("search");
  if (!isRegistryCountry((await params).country)) notFound();
  return children;
}
