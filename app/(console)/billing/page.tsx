import type { Metadata } from "next";
import { Suspense } from "react";
import { NoConnectionNotice, RegistryProblem } from "@/components/connections/registry-problem";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { noConnection } from "@/lib/connections/no-connection";
import { registryFor } from "@/lib/connections/registry-for";
import { settle } from "@/lib/registry/settle";
import { AccountSettingsSection } from "./account-settings-section";
import { BalanceSection } from "./balance-section";
import { RecentEventsSection } from "./recent-events-section";
import { SpendSection } from "./spend-section";
import { WorkspacesSection } from "./workspaces-section";

export const metadata: Metadata = { title: "Billing" };

const reading = (what: string) => <p className="text-sm text-muted-foreground">Reading {what}…</p>;

/**
 * Billing through the active connection: each section reads its own endpoints and shows its own error, or hides
 * itself with one line when the registry lacks a vendor-documented endpoint, so one failure never blanks the page.
 */
export default async function BillingPage() {
  const user = await guardPage("readBilling");
  const opened = await settle(registryFor());
  if (opened.error?.code === noConnection) {
    return <NoConnectionNotice message={opened.error.message} canAdd={can(user.role, "manageConnections")} />;
  }
  if (opened.error) return <RegistryProblem what="Opening the registry connection" error={opened.error} />;
  const registry = opened.value;
  const canManage = can(user.role, "manageBilling");

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Billing</h1>
        <p className="text-sm text-muted-foreground">
          Through {registry.connection.name}. Balances, tiers and spend are shown and typed in credits, as request prices are.
          {!canManage && " You can read these settings; changing them is for finance and admins."}
        </p>
      </div>
      <Suspense fallback={reading("the balance")}>
        <BalanceSection registry={registry} />
      </Suspense>
      <Suspense fallback={reading("the account's notification settings")}>
        <AccountSettingsSection registry={registry} canManage={canManage} />
      </Suspense>
      <Suspense fallback={reading("the workspaces")}>
        <WorkspacesSection registry={registry} canManage={canManage} />
      </Suspense>
      <Suspense fallback={reading("recent billing events")}>
        <RecentEventsSection registry={registry} />
      </Suspense>
      <Suspense fallback={reading("spend")}>
        <SpendSection registry={registry} />
      </Suspense>
    </div>
  );
}
