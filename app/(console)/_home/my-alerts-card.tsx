import Link from "next/link";
import { CategoryList, DueBadge } from "@/components/alerts/alert-badges";
import { HomeCard, HomeCardEmpty, HomeCardFailure } from "@/components/home/home-card";
import { dueLabel } from "@/lib/alerts/due-label";
import { alertStateLabels } from "@/lib/alerts/labels.shared";
import { loadCard } from "@/lib/home/card-data";
import { myOpenAlerts } from "@/lib/home/my-open-alerts";

/** The open alerts assigned to the signed-in officer, soonest due first (overdue ones lead). */
export async function MyAlertsCard({ userId }: { userId: string }) {
  const data = await loadCard("my open alerts", () => myOpenAlerts(userId));
  const now = new Date();
  return (
    <HomeCard title="My open alerts" href="/alerts?assignee=mine" linkLabel="All my alerts">
      {data.failure !== undefined ? (
        <HomeCardFailure failure={data.failure} />
      ) : data.value.total === 0 ? (
        <HomeCardEmpty>No open alert is assigned to you.</HomeCardEmpty>
      ) : (
        <>
          <p>
            {data.value.total} open {data.value.total === 1 ? "alert is" : "alerts are"} assigned to you
            {data.value.total > data.value.rows.length && `; the ${data.value.rows.length} due soonest`}:
          </p>
          <ul className="space-y-2">
            {data.value.rows.map((alert) => (
              <li key={alert.id} className="flex flex-wrap items-center gap-2">
                <Link href={`/alerts/${alert.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {alert.companyName ?? `${alert.countryCode} ${alert.companyId}`}
                </Link>
                <span className="text-muted-foreground">{alertStateLabels[alert.state]}</span>
                <DueBadge due={dueLabel(alert.dueAt, now)} />
                <CategoryList categories={alert.categories} />
              </li>
            ))}
          </ul>
        </>
      )}
    </HomeCard>
  );
}
