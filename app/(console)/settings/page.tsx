import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { guardPage } from "@/lib/auth/guard-page";

export const metadata: Metadata = { title: "Settings" };

const parts = [
  { title: "Users", href: "/settings/users", description: "Create users, change roles, reset passwords, deactivate accounts." },
  {
    title: "Connections",
    href: "/settings/connections",
    description: "Registry API connections: base URL, API key and webhook secret, encrypted at rest.",
  },
  { title: "Webhooks", href: "/settings/webhooks", description: "Each connection's webhook URL, delivery ledger and rejected deliveries." },
  {
    title: "Approvals",
    href: "/settings/approvals",
    description: "Dual control: sensitive changes waiting for a second admin, their history, and the on/off setting.",
  },
  { title: "Alerts", href: "/settings/alerts", description: "Days to triage an alert, per change category (the SLA behind due dates)." },
  {
    title: "Reviews",
    href: "/settings/reviews",
    description:
      "How often each risk rating is reviewed, how old data may be before a review warns, and which companies make up the portfolio.",
  },
  {
    title: "Risk",
    href: "/settings/risk",
    description:
      "The risk model: rules and their points, high-risk countries, legal forms, thresholds; preview a new version and publish it.",
  },
  {
    title: "Jobs",
    href: "/settings/jobs",
    description: "The job queue behind batch work: running, waiting and failed jobs with why, retry or cancel; the pace of batch orders.",
  },
  {
    title: "Sandbox tools",
    href: "/settings/sandbox",
    description: "Wallet, company editor and reset for a sandbox connection; clock and chaos on the local simulator.",
  },
];

export default async function SettingsPage() {
  await guardPage("manageUsers");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {parts.map((part) => {
          const card = (
            <Card className={part.href ? "h-full transition-colors hover:bg-accent/50" : "h-full opacity-75"}>
              <CardHeader>
                <CardTitle className="flex items-center justify-between text-base">
                  {part.title}
                  {!part.href && <Badge variant="outline">Not available yet</Badge>}
                </CardTitle>
                <CardDescription>{part.description}</CardDescription>
              </CardHeader>
            </Card>
          );
          return part.href ? (
            <Link key={part.title} href={part.href}>
              {card}
            </Link>
          ) : (
            <div key={part.title}>{card}</div>
          );
        })}
      </div>
    </div>
  );
}
