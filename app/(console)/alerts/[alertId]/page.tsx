import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { AlertChanges } from "@/components/snapshots/alert-changes";
import { alertDetail } from "@/lib/alerts/alert-detail";
import { dueLabel } from "@/lib/alerts/due-label";
import { alertForChanges } from "@/lib/orders/what-changed";
import { assignableUsers } from "@/lib/alerts/triage";
import { can } from "@/lib/auth/capabilities.shared";
import { guardPage } from "@/lib/auth/guard-page";
import { liveTopics } from "@/lib/live/topics.shared";
import { changeAlertAction } from "../actions";
import { AlertView } from "./alert-view";
import { diffViewedAction } from "./changes/actions";

export const metadata: Metadata = { title: "Alert" };

export default async function AlertPage({ params }: PageProps<"/alerts/[alertId]">) {
  const user = await guardPage("readAlerts");
  const { alertId: raw } = await params;
  const alertId = /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
  const alert = alertId ? await alertDetail(alertId) : undefined;
  if (!alert) notFound();
  const canTriage = can(user.role, "triageAlerts");
  const [users, forChanges] = await Promise.all([canTriage ? assignableUsers() : [], alertForChanges(alert.id)]);

  return (
    <div className="space-y-6">
      <RefreshOnLive topic={liveTopics.alert(alert.id)} />
      <p className="text-sm">
        <Link href="/alerts" className="text-primary underline underline-offset-4">
          Alerts
        </Link>{" "}
        / alert {alert.id}
      </p>
      <AlertView
        alert={alert}
        due={dueLabel(alert.dueAt, new Date())}
        users={users}
        viewer={{ id: user.id, email: user.email, name: user.name }}
        canTriage={canTriage}
        change={changeAlertAction}
        changes={
          // Once a re-retrieval is ordered, where it stands and then its diff show here too, not only behind the link.
          forChanges?.changeRequestId ? (
            <AlertChanges alert={forChanges} report={diffViewedAction.bind(null, { alertId: alert.id })} />
          ) : undefined
        }
      />
    </div>
  );
}
