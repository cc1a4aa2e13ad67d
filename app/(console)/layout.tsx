import Link from "next/link";
import { ConnectionSwitcher } from "@/components/shell/connection-switcher";
import { ConsoleProviders } from "@/components/shell/console-providers";
import { SandboxBand } from "@/components/shell/sandbox-band";
import { MobileNav, Sidebar, type SidebarCounts } from "@/components/shell/sidebar";
import { UserMenu } from "@/components/shell/user-menu";
import { Badge } from "@/components/ui/badge";
import { openAlertsAssignedTo } from "@/lib/alerts/open-alert-count";
import { guardPage } from "@/lib/auth/guard-page";
import { can } from "@/lib/auth/capabilities.shared";
import { readOnlyRoles, roleDescriptions } from "@/lib/auth/roles.shared";
import { activeConnectionForRequest } from "@/lib/connections/active-connection";
import { listConnections } from "@/lib/connections/manage-connections";
import { openChangeCount } from "@/lib/dual-control/dual-control-mode";
import { sections } from "@/lib/navigation/sections";
import { switchConnectionAction } from "./actions";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  // Pages check their own capability too: a layout does not re-run on every navigation.
  const user = await guardPage("useConsole");
  const connections = await listConnections();
  const active = await activeConnectionForRequest(connections);
  const visible = sections.filter((s) => can(user.role, s.capability)).map(({ href, label }) => ({ href, label }));
  const counts: SidebarCounts = {
    ...(can(user.role, "readAlerts") && { openAlerts: await openAlertsAssignedTo(user.id) }),
    ...(can(user.role, "decideChanges") && { pendingChanges: await openChangeCount() }),
  };
  return (
    <ConsoleProviders role={user.role}>
      {active?.environment === "sandbox" && <SandboxBand name={active.name} />}
      <div className="flex min-h-screen">
        <Sidebar sections={visible} counts={counts} />
        <div className="flex min-w-0 flex-1 flex-col">
          {/* On a phone the connection takes a row of its own under the menu and account buttons, so its name shows whole. */}
          <header className="flex min-h-14 flex-wrap items-center gap-2 border-b px-2 py-2 sm:h-14 sm:flex-nowrap sm:gap-3 sm:px-4 sm:py-0 md:px-6">
            <MobileNav sections={visible} counts={counts} />
            <div className="order-last flex w-full min-w-0 items-center sm:order-none sm:w-auto sm:flex-1 sm:justify-end">
              {active ? (
                <ConnectionSwitcher
                  connections={connections.map(({ id, name, environment }) => ({ id, name, environment }))}
                  activeId={active.id}
                  switchConnection={switchConnectionAction}
                />
              ) : (
                <span className="truncate text-sm text-muted-foreground">
                  No registry connection
                  {can(user.role, "manageConnections") && (
                    <>
                      {" · "}
                      <Link href="/settings/connections" className="text-primary underline-offset-4 hover:underline">
                        add one
                      </Link>
                    </>
                  )}
                </span>
              )}
            </div>
            <div className="ml-auto flex min-w-0 items-center gap-2 sm:ml-0 sm:gap-3">
              {readOnlyRoles.includes(user.role) && (
                <Badge variant="outline" title={roleDescriptions[user.role]} data-testid="read-only-mark">
                  Read-only
                </Badge>
              )}
              <UserMenu email={user.email} name={user.name} role={user.role} />
            </div>
          </header>
          <main className="min-w-0 flex-1 p-4 md:p-6">{children}</main>
        </div>
      </div>
    </ConsoleProviders>
  );
}
