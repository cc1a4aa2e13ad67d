import { HomeCard, HomeCardEmpty, HomeCardFailure } from "@/components/home/home-card";
import { Badge } from "@/components/ui/badge";
import { readVendorEndpoint } from "@/lib/registry/vendor-endpoint";
import { registryFor } from "@/lib/connections/registry-for";
import { loadCard } from "@/lib/home/card-data";
import { creditsFromCents } from "@/lib/vocabulary/units.shared";
import { errorText, markedLabel } from "@/lib/vocabulary/words.shared";

const statusVariants = { ok: "success", low: "warning", depleted: "destructive" } as const;

/** The account's balance and status through the active connection (GET /v2/billing/balance, vendor-documented). */
export async function BalanceCard() {
  const data = await loadCard("balance", async () => {
    const registry = await registryFor();
    return { connection: registry.connection.name, read: await readVendorEndpoint("GET /v2/billing/balance", registry.client.balance()) };
  });
  const read = data.value?.read;
  return (
    <HomeCard title="Balance" href="/billing" linkLabel="Billing" description={data.value && `Through ${data.value.connection}.`}>
      {data.failure !== undefined && <HomeCardFailure failure={data.failure} />}
      {read?.missing && <HomeCardEmpty>{read.missing}</HomeCardEmpty>}
      {read?.error && <HomeCardFailure failure={errorText(read.error.code, read.error.message)} />}
      {read?.value && (
        <p className="flex flex-wrap items-center gap-3">
          <span className="text-2xl font-semibold tabular-nums" data-testid="home-balance">
            {creditsFromCents(read.value.balanceInCreditCents)}
          </span>
          <Badge variant={statusVariants[read.value.status as keyof typeof statusVariants] ?? "outline"}>
            {markedLabel("balanceStatus", read.value.status)}
          </Badge>
        </p>
      )}
    </HomeCard>
  );
}
