import type { Registry } from "@/lib/connections/registry-for";

// Placeholder until its helper lands (issue 14): replaced before the issue is resolved.
export async function BalanceSection(_props: { registry: Registry }) {
  return null;
}
