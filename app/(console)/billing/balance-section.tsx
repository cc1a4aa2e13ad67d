import { BalanceSummary } from "@/components/billing/balance-summary";
import { RegistryProblem } from "@/components/connections/registry-problem";
import { readVendorEndpoint } from "@/lib/registry/vendor-endpoint";
import type { Registry } from "@/lib/connections/registry-for";

/** The account's remaining balance, its status, the low-balance thresholds and the auto-top-up posture (GET /v2/billing/balance). */
export async function BalanceSection({ registry }: { registry: Registry }) {
  const read = await readVendorEndpoint("GET /v2/billing/balance", registry.client.balance());
  return (
    <section aria-labelledby="balance-heading" className="space-y-3">
      <div>
        <h2 id="balance-heading" className="text-lg font-semibold">
          Balance
        </h2>
        <p className="text-sm text-muted-foreground">What is left on the account, in credits.</p>
      </div>
      {read.missing && <p className="text-sm text-muted-foreground">{read.missing}</p>}
      {read.error && <RegistryProblem what="Reading the balance" error={read.error} />}
      {read.value && <BalanceSummary balance={read.value} />}
    </section>
  );
}
