import type { Metadata } from "next";
import { cookies } from "next/headers";
import { Suspense } from "react";
import { SearchConsole } from "@/components/search/search-console";
import { guardPage } from "@/lib/auth/guard-page";
import { sectionFor } from "@/lib/navigation/sections";
import { isRegistryCountry } from "@/lib/registry/countries.shared";
import { lastCountryKey } from "@/lib/search/url-state.shared";

export const metadata: Metadata = { title: "Search" };

export default async function SearchPage() {
  await guardPage("search");
  const remembered = (await cookies()).get(lastCountryKey)?.value;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Search</h1>
        <p className="text-sm text-muted-foreground">
          {sectionFor("/search").purpose} Searching is free; the link in the address bar repeats the search.
        </p>
      </div>
      <Suspense>
        <SearchConsole rememberedCountry={isRegistryCountry(remembered) ? remembered : undefined} />
      </Suspense>
    </div>
  );
}
