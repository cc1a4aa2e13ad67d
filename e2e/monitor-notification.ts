import type { Page } from "@playwright/test";
import { generateMessageId, webhookHeaders } from "../simulator/webhooks/sign";
import { dataDirSecret } from "./app-process";
import { expect, type Database } from "./fixtures";

export async function simulatorConnectionId(db: Database): Promise<string> {
  const [row] = await db.query<{ id: string }>("select id from registry_connections where name = 'Local simulator'");
  return row!.id;
}

/** Posts a webhook body signed with the simulator connection's secret to the app's webhook route, as the registry sends it; expects 200. */
export async function postSignedWebhook(db: Database, body: string): Promise<void> {
  const headers = webhookHeaders(dataDirSecret("simulator-webhook-secret"), generateMessageId(), Math.floor(Date.now() / 1000), body);
  const response = await fetch(`${process.env.E2E_BASE_URL}/api/webhooks/registry/${await simulatorConnectionId(db)}`, {
    method: "POST",
    headers,
    body,
  });
  expect(response.status).toBe(200);
}

export type NotificationEvent = {
  monitorId: string;
  companyId: string;
  categories: string[];
  countryCode?: string;
  deactivated?: boolean;
  /** The event type as sent (the vendor's alias `monitor.update` is read as `monitor.notification`). */
  type?: string;
};

/**
 * Posts a `monitor.notification` signed with the simulator connection's secret to the app's webhook route, as the
 * registry sends it, and returns the id of the alert it joined or opened.
 */
export async function postMonitorNotification(db: Database, event: NotificationEvent): Promise<string> {
  const body = JSON.stringify({
    type: event.type ?? "monitor.notification",
    monitorId: event.monitorId,
    companyId: event.companyId,
    countryCode: event.countryCode ?? "DE",
    timestamp: new Date().toISOString(),
    changeCategories: event.categories,
    monitorHasBeenDeactivated: event.deactivated ?? false,
  });
  await postSignedWebhook(db, body);
  const [alert] = await db.query<{ id: string }>(
    "select alert_id as id from monitor_notifications where monitor_id = $1 order by id desc limit 1",
    [event.monitorId],
  );
  return alert!.id;
}

/** Starts monitoring from the open dossier with its prefilled metadata; returns the registry's monitor id. */
export async function startMonitoringFromDossier(page: Page, db: Database, companyId: string): Promise<string> {
  await page.getByRole("button", { name: "Start monitoring" }).click();
  const dialog = page.getByRole("dialog", { name: "Start monitoring" });
  await dialog.getByRole("button", { name: "Start monitoring" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Monitoring started.");
  await page.keyboard.press("Escape");
  const [monitor] = await db.query<{ monitor_id: string }>("select monitor_id from monitors where company_id = $1", [companyId]);
  return monitor!.monitor_id;
}
