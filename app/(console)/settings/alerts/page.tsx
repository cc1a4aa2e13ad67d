import type { Metadata } from "next";
import { effectiveSlas } from "@/lib/alerts/sla-settings";
import { guardPage } from "@/lib/auth/guard-page";
import { setSlasAction } from "./actions";
import { SlaForm } from "./sla-form";

export const metadata: Metadata = { title: "Alert SLAs" };

export default async function AlertSettingsPage() {
  await guardPage("configureAlerts");
  const slas = await effectiveSlas();
  return (
    <div className="max-w-2xl space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Alert SLAs</h1>
        <p className="text-sm text-muted-foreground">
          How many days the team has to triage an alert, per change category. An alert is due by the shortest SLA among its categories,
          counted from when it opened. A change applies to alerts opened, or joined by a notification, afterwards. Each change is audited.
        </p>
      </div>
      <SlaForm
        slas={slas.map((s) => ({ category: s.category, days: s.days, defaultDays: s.defaultDays, updatedBy: s.updatedByEmail }))}
        save={setSlasAction}
      />
    </div>
  );
}
