import type { StoredFilings } from "@/db/schema";
import type { CompanyResponse } from "@/lib/registry/schemas";
import { filingsOf } from "@/lib/requests/stored-filings";

/** A company_requests row inserted straight into a test database, with its calendar parts as storeSnapshot writes them. */
export function withFilings<T extends { snapshot: unknown }>(row: T): T & { filings: StoredFilings } {
  return { ...row, filings: filingsOf(row.snapshot as CompanyResponse) };
}
