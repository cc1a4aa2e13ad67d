import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MonitoringStatus } from "@/components/monitors/monitoring-status";
import { MonitorDialog } from "@/components/monitors/monitor-dialog";
import { guardPage } from "@/lib/auth/guard-page";
import { can } from "@/lib/auth/capabilities.shared";
import { editableMonitor, prefilledMetadata } from "@/lib/monitors/metadata-input.shared";
import { companyMonitorRecord } from "@/lib/monitors/monitor-records";
import { storedRequest, withoutSignedUrls } from "@/lib/requests/stored-request";
import { startMonitorForRequestAction, updateMonitorForRequestAction } from "../../monitors/actions";
import { LiveRequest } from "./live-request";

export const metadata: Metadata = { title: "Request" };

export default async function RequestPage({ params }: PageProps<"/requests/[requestId]">) {
  const user = await guardPage("readDossiers");
  const { requestId } = await params;
  const request = await storedRequest(decodeURIComponent(requestId));
  if (!request) notFound();
  const canOrder = can(user.role, "spendCredits");
  // Monitoring goes through the request's own connection, where its company's notifications will arrive.
  const { connectionId, countryCode, companyId } = request;
  const monitorable = can(user.role, "readMonitors") && connectionId && countryCode && companyId;
  const monitorRecord = monitorable ? await companyMonitorRecord(connectionId, countryCode, companyId) : undefined;
  return (
    <div className="space-y-6">
      <LiveRequest
        initial={withoutSignedUrls(request)}
        canExpand={canOrder}
        canOrder={canOrder}
        canExportEvidence={can(user.role, "exportEvidence")}
      />
      {monitorable && (
        <MonitoringStatus record={monitorRecord}>
          {can(user.role, "manageMonitors") && (
            <MonitorDialog
              target={{ requestId: request.requestId }}
              start={startMonitorForRequestAction}
              monitor={editableMonitor(monitorRecord)}
              save={updateMonitorForRequestAction}
              prefilled={prefilledMetadata(request.snapshot?.request.metadata?.caseReference, user.email)}
              companyLabel={`${request.companyName ?? companyId} (${countryCode} ${companyId})`}
            />
          )}
        </MonitoringStatus>
      )}
    </div>
  );
}
