"use client";

import {
  Bell,
  Briefcase,
  Building2,
  CreditCard,
  FileSearch,
  FolderKanban,
  KeyRound,
  ListChecks,
  Menu,
  Radar,
  ScrollText,
  Search,
  Settings,
  Tags,
  X,
  Zap,
  type LucideIcon,
} from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn.shared";
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
  "/portfolio": Briefcase,
  "/vault": KeyRound,
  "/workspaces": FolderKanban,
  "/billing": CreditCard,
  "/pricing": Tags,
  "/audit": ScrollText,
  "/settings": Settings,
};

type NavProps = { sections: { href: string; label: string }[]; counts: SidebarCounts };

function NavLinks({ sections, counts, className, onNavigate }: NavProps & { className: string; onNavigate?: () => void }) {
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
            onClick={onNavigate}
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

function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link href="/" onClick={onNavigate} className="flex items-center gap-2 font-semibold">
      <Building2 className="size-5 text-primary" aria-hidden />
      Registry Desk
    </Link>
  );
}

/** The console's sections on wide screens: a sidebar (narrow screens open them from the header's menu button, MobileNav). */
export function Sidebar({ sections, counts }: NavProps) {
  return (
    <aside className="hidden w-56 shrink-0 flex-col border-r bg-sidebar text-sidebar-foreground md:flex">
      <div className="flex h-14 items-center border-b px-4">
        <Brand />
      </div>
      <NavLinks sections={sections} counts={counts} className="flex flex-col gap-0.5 p-2" />
    </aside>
  );
}

/**
 * The console's sections on narrow screens: a menu button that opens them in a drawer. The drawer is the browser's
 * own modal `<dialog>` (no library on every page): the rest of the page is inert while it is open, Escape closes it,
 * and focus goes back to the menu button.
 */
export function MobileNav({ sections, counts }: NavProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => dialog.current?.close();
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open navigation"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="console-navigation"
        onClick={() => {
          dialog.current?.showModal();
          setOpen(true);
        }}
      >
        <Menu aria-hidden />
      </Button>
      <dialog
        ref={dialog}
        id="console-navigation"
        aria-label="Navigation"
        className="m-0 h-dvh max-h-none w-72 max-w-[85vw] border-r bg-sidebar p-0 text-sidebar-foreground backdrop:bg-black/50 md:hidden"
        onClose={() => {
          setOpen(false);
          button.current?.focus();
        }}
        // A click on the backdrop lands on the dialog itself (its content fills it): it closes the drawer.
        onClick={(event) => {
          if (event.target === dialog.current) close();
        }}
      >
        <div className="flex min-h-full flex-col">
          <div className="flex h-14 items-center justify-between border-b px-4">
            <Brand onNavigate={close} />
            <Button variant="ghost" size="icon" aria-label="Close navigation" onClick={close}>
              <X aria-hidden />
            </Button>
          </div>
          <NavLinks sections={sections} counts={counts} onNavigate={close} className="flex flex-col gap-0.5 p-2" />
        </div>
      </dialog>
    </>
  );
}
