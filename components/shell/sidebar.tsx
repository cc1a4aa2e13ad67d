"use client";

import {
  Bell,
  Building2,
  CreditCard,
  FileSearch,
  FolderKanban,
  KeyRound,
  ListChecks,
  Radar,
  ScrollText,
  Search,
  Settings,
  Tags,
  Zap,
  type LucideIcon,
} from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/cn";
import { OpenAlertsCount } from "./open-alerts-count";
import { PendingChangesCount } from "./pending-changes-count";

/**
 * What the sidebar shows beside its links: the viewer's open alerts, when they may read alerts; the changes waiting
 * for a second admin (beside Settings, where Approvals is), when they may decide them.
 */
export type SidebarCounts = { openAlerts?: number; pendingChanges?: number };

const icons: Record<string, LucideIcon> = {
  "/search": Search,
  "/requests": ListChecks,
  "/onboarding": Zap,
  "/monitors": Radar,
  "/alerts": Bell,
  "/vault": KeyRound,
  "/workspaces": FolderKanban,
  "/billing": CreditCard,
  "/pricing": Tags,
  "/audit": ScrollText,
  "/settings": Settings,
};

type NavProps = { sections: { href: string; label: string }[]; counts: SidebarCounts };

function NavLinks({ sections, counts, className }: NavProps & { className: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Console" className={className}>
      {sections.map(({ href, label }) => {
        const Icon = icons[href] ?? FileSearch;
        const active = pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link
            key={href}
            href={href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-accent hover:text-accent-foreground",
              active && "bg-accent font-medium text-accent-foreground",
            )}
          >
            <Icon className="size-4" aria-hidden />
            {label}
            {href === "/alerts" && counts.openAlerts !== undefined && <OpenAlertsCount initial={counts.openAlerts} />}
            {href === "/settings" && counts.pendingChanges !== undefined && <PendingChangesCount initial={counts.pendingChanges} />}
          </Link>
        );
      })}
    </nav>
  );
}

/** The console's sections: a sidebar on wide screens, a scrolling strip under the header on narrow ones. */
export function Sidebar({ sections, counts }: NavProps) {
  return (
    <aside className="hidden w-56 shrink-0 flex-col border-r bg-sidebar text-sidebar-foreground md:flex">
      <Link href="/" className="flex h-14 items-center gap-2 border-b px-4 font-semibold">
        <Building2 className="size-5 text-primary" aria-hidden />
        Registry Desk
      </Link>
      <NavLinks sections={sections} counts={counts} className="flex flex-col gap-0.5 p-2" />
    </aside>
  );
}

export function MobileNav({ sections, counts }: NavProps) {
  return <NavLinks sections={sections} counts={counts} className="flex gap-1 overflow-x-auto border-b bg-sidebar px-2 py-1 md:hidden" />;
}
