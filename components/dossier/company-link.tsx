import Link from "next/link";
import type { ReactNode } from "react";

/** The console's page of a company, when the register gave both its country and id. */
export function companyHref(countryCode: string | undefined, id: string | undefined): string | undefined {
  return countryCode && id ? `/companies/${encodeURIComponent(countryCode)}/${encodeURIComponent(id)}` : undefined;
}

/** A name linking to its company page where an id exists, plain text otherwise. */
export function CompanyLink({ countryCode, id, children }: { countryCode?: string; id?: string; children: ReactNode }) {
  const href = companyHref(countryCode, id);
  if (!href) return <span className="[overflow-wrap:anywhere]">{children}</span>;
  return (
    <Link href={href} prefetch={false} className="text-primary underline-offset-4 hover:underline [overflow-wrap:anywhere]">
      {children}
    </Link>
  );
}
