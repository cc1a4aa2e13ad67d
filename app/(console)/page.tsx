import Link from "next/link";
import { Suspense } from "react";
import { HomeCardLoading } from "@/components/home/home-card";
import { guardPage } from "@/lib/auth/guard-page";
import { can } from "@/lib/auth/capabilities.shared";
import { roleDescriptions, roleLabels, type Role } from "@/lib/auth/roles.shared";
import type { SessionUser } from "@/lib/auth/require-role";
import { sections } from "@/lib/navigation/sections";
import { MyAlertsCard } from "./_home/my-alerts-card";
import { MyReviewsCard } from "./_home/my-reviews-card";
import { RunningRequestsCard } from "./_home/running-requests-card";
import { DeadlinesCard } from "./_home/deadlines-card";
import { BalanceCard } from "./_home/balance-card";
import { SpendTiersCard } from "./_home/spend-tiers-card";
import { BillingEventsCard } from "./_home/billing-events-card";
import { PendingChangesCard } from "./_home/pending-changes-card";
import { ConnectionsCard } from "./_home/connections-card";
import { WebhookRejectionsCard } from "./_home/webhook-rejections-card";
import { LockedOutCard } from "./_home/locked-out-card";
import { LatestAuditCard, RecentExportsCard } from "./_home/audit-cards";

type HomeCardEntry = { title: string; card: (user: SessionUser) => React.ReactNode };

/** What each role finds on its home page: what needs doing, one card per concern. */
const homeCards: Record<Role, HomeCardEntry[]> = {
  compliance: [
    { title: "My open alerts", card: (user) => <MyAlertsCard userId={user.id} /> },
    { title: "My reviews", card: (user) => <MyReviewsCard userId={user.id} /> },
    { title: "Requests still running", card: () => <RunningRequestsCard /> },
    { title: "Filing deadlines", card: (user) => <DeadlinesCard user={user} /> },
  ],
  finance: [
    { title: "Balance", card: () => <BalanceCard /> },
    { title: "Spend against high-usage tiers", card: () => <SpendTiersCard /> },
    { title: "Recent billing events", card: () => <BillingEventsCard /> },
  ],
  admin: [
    { title: "Pending changes", card: (user) => <PendingChangesCard userId={user.id} /> },
    { title: "Connections needing attention", card: () => <ConnectionsCard /> },
    { title: "Webhook rejections, last 24 hours", card: () => <WebhookRejectionsCard /> },
    { title: "Users locked out", card: () => <LockedOutCard /> },
  ],
  auditor: [
    { title: "Latest audit rows", card: () => <LatestAuditCard /> },
    { title: "Recent exports", card: () => <RecentExportsCard /> },
  ],
};

/**
 * The home page tells each role what needs doing. Every card reads on its own and streams in when ready (one
 * Suspense each), and a failed read shows in its card only. The sections follow, as links.
 */
export default async function ConsoleHome() {
  const user = await guardPage("useConsole");
  const mine = sections.filter((s) => can(user.role, s.capability));
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Welcome{user.name ? `, ${user.name}` : ""}</h1>
        <p className="text-muted-foreground">
          You are signed in as <span className="font-medium text-foreground">{roleLabels[user.role]}</span>: {roleDescriptions[user.role]}
        </p>
      </div>
      <section aria-labelledby="needs-doing" className="space-y-3">
        <h2 id="needs-doing" className="text-lg font-semibold">
          What needs doing
        </h2>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {homeCards[user.role].map(({ title, card }) => (
            <Suspense key={title} fallback={<HomeCardLoading title={title} />}>
              {card(user)}
            </Suspense>
          ))}
        </div>
      </section>
      <nav aria-labelledby="sections-heading" className="space-y-3">
        <h2 id="sections-heading" className="text-lg font-semibold">
          Sections
        </h2>
        <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
          {mine.map((section) => (
            <li key={section.href}>
              <Link href={section.href} className="font-medium text-primary underline-offset-4 hover:underline">
                {section.label}
              </Link>
              <p className="text-sm text-muted-foreground">{section.purpose}</p>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
