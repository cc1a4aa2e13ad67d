import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { guardPage } from "@/lib/auth/guard-page";
import { can } from "@/lib/auth/capabilities";
import { storedRequest, withoutSignedUrls } from "@/lib/requests/stored-request";
import { LiveRequest } from "./live-request";

export const metadata: Metadata = { title: "Request" };

export default async function RequestPage({ params }: PageProps<"/requests/[requestId]">) {
  const user = await guardPage("readDossiers");
  const { requestId } = await params;
  const request = await storedRequest(decodeURIComponent(requestId));
  if (!request) notFound();
  const canOrder = can(user.role, "spendCredits");
  return <LiveRequest initial={withoutSignedUrls(request)} canExpand={canOrder} canOrder={canOrder} />;
}
