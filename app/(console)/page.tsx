import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { guardPage } from "@/lib/auth/guard-page";
import { can } from "@/lib/auth/capabilities";
import { roleDescriptions, roleLabels } from "@/lib/auth/roles";
import { sections } from "@/lib/navigation/sections";

export default async function ConsoleHome() {
  const user = await guardPage("useConsole");
  const mine = sections.filter((s) => can(user.role, s.capability));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Welcome{user.name ? `, ${user.name}` : ""}</h1>
        <p className="text-muted-foreground">
          You are signed in as <span className="font-medium text-foreground">{roleLabels[user.role]}</span>: {roleDescriptions[user.role]}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {mine.map((section) => (
          <Link
            key={section.href}
            href={section.href}
            className="rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Card className="h-full transition-colors hover:bg-accent/50">
              <CardHeader>
                <CardTitle className="flex items-center justify-between gap-2 text-base">
                  {section.label}
                  {!section.available && <Badge variant="outline">Not available yet</Badge>}
                </CardTitle>
                <CardDescription>{section.purpose}</CardDescription>
              </CardHeader>
            </Card>
          </Link>
        ))}
      </div>
    </div>
  );
}
