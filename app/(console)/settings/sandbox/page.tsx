import type { Metadata } from "next";
import { CreditCentsAmount } from "@/components/billing/credit-cents-amount";
import { NoConnectionNotice, RegistryProblem } from "@/components/connections/registry-problem";
import { ChaosForm } from "@/components/sandbox/chaos-form";
import { ClockForm } from "@/components/sandbox/clock-form";
import { CompanyEditor } from "@/components/sandbox/company-editor";
import { DeliveryLog } from "@/components/sandbox/delivery-log";
import { ResetForm } from "@/components/sandbox/reset-form";
import { WalletForm } from "@/components/sandbox/wallet-form";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { readVendorEndpoint } from "@/lib/registry/vendor-endpoint";
import { activeConnectionForRequest } from "@/lib/connections/active-connection";
import { noConnection } from "@/lib/connections/no-connection";
import { registryFor } from "@/lib/connections/registry-for";
import { settle } from "@/lib/registry/settle";
import { credits } from "@/lib/vocabulary/units.shared";
import { sandboxOnly } from "@/lib/sandbox/sandbox-tools";
import { deliveryLogCap, simControlFor } from "@/lib/sandbox/sim-control";
import { advanceClockAction, resetSandboxAction, saveSandboxCompanyAction, setChaosAction, setWalletAction } from "./actions";

export const metadata: Metadata = { title: "Sandbox tools" };

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}

/** Tools for rehearsing against a sandbox connection; the local simulator's control API adds the clock, chaos and deliveries. */
export default async function SandboxToolsPage() {
  const user = await guardPage("useSandboxTools");
  const heading = <h1 className="text-2xl font-semibold">Sandbox tools</h1>;
  // Checked before the connection is opened: a production connection's key is never decrypted for this page.
  const active = await activeConnectionForRequest();
  if (active && active.environment !== "sandbox") {
    return (
      <div className="max-w-3xl space-y-4">
        {heading}
        <p role="status" className="rounded-md border border-dashed px-4 py-6 text-sm">
          {sandboxOnly(active.name)}
        </p>
      </div>
    );
  }
  const opened = await settle(registryFor());
  if (opened.error?.code === noConnection) {
    return <NoConnectionNotice message={opened.error.message} canAdd={can(user.role, "manageConnections")} />;
  }
  if (opened.error) return <RegistryProblem what="Opening the registry connection" error={opened.error} />;
  const registry = opened.value;
  const [balance, control] = await Promise.all([
    readVendorEndpoint("GET /v2/billing/balance", registry.client.balance()),
    simControlFor(registry),
  ]);
  const [wallet, deliveries] = control ? await Promise.all([settle(control.wallet()), settle(control.deliveries())]) : [];

  return (
    <div className="max-w-4xl space-y-8">
      <div>
        {heading}
        <p className="text-sm text-muted-foreground">
          Through the sandbox connection {registry.connection.name}.{" "}
          {control
            ? "It is the local simulator, so its clock, chaos settings and delivery log are here too."
            : "It is not the local simulator (it has no /_sim/ control API): the clock, chaos and delivery log are not offered."}{" "}
          Every change is audited.
        </p>
      </div>

      <Section id="wallet" title="Wallet" description="The account's balance and, on the local simulator, its wallet, both in credits.">
        {balance.missing && <p className="text-sm text-muted-foreground">{balance.missing}</p>}
        {balance.error && <RegistryProblem what="Reading the balance" error={balance.error} />}
        {balance.value && (
          <p className="text-sm">
            Balance: <CreditCentsAmount cents={balance.value.balanceInCreditCents} />
          </p>
        )}
        {wallet?.error && <RegistryProblem what="Reading the simulator's wallet" error={wallet.error} />}
        {wallet?.value && (
          <>
            <p className="text-sm">Simulator wallet: {credits(wallet.value.balance)}.</p>
            <WalletForm credits={wallet.value.balance} save={setWalletAction} />
          </>
        )}
        {!control && (
          <p className="text-sm text-muted-foreground">
            The API has no documented way to set a sandbox wallet, so it cannot be set from here.
          </p>
        )}
      </Section>

      <Section
        id="company"
        title="Company editor"
        description="Define a company for this sandbox, or change one you defined, to rehearse a change: move its address, then see its monitor fire."
      >
        <CompanyEditor save={saveSandboxCompanyAction} />
      </Section>

      {control && (
        <>
          <Section
            id="clock"
            title="Clock"
            description="Move the simulator's clock forward: what falls due runs, monitors' daily checks included."
          >
            <ClockForm advance={advanceClockAction} />
          </Section>
          <Section
            id="chaos"
            title="Chaos"
            description="Webhook deliveries duplicated at this rate and delayed up to this window, out of order. The simulator does not report the current setting: 0 and 0 is off."
          >
            <ChaosForm save={setChaosAction} />
          </Section>
          <Section id="deliveries" title="Delivery log" description="The simulator's webhook delivery attempts.">
            {deliveries?.error && <RegistryProblem what="Reading the delivery log" error={deliveries.error} />}
            {deliveries?.value && <DeliveryLog deliveries={deliveries.value} cap={deliveryLogCap} />}
          </Section>
        </>
      )}

      <Section
        id="reset"
        title="Reset"
        description="POST /v2/sandbox/reset: clears the sandbox's request history and restores its wallet. It cannot be undone."
      >
        <ResetForm connectionName={registry.connection.name} reset={resetSandboxAction} />
      </Section>
    </div>
  );
}
