"use client";

import { UserRound } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { roleLabels, type Role } from "@/lib/auth/roles.shared";

export type UserMenuProps = { email: string; name: string; role: Role };

/**
 * The account menu's button: who is signed in and as what. The menu and its stand-in both show it. Its name is its
 * text ("Account menu", then the visible name and role), so what a speech-input user reads on it also names it.
 */
export function UserMenuButton({ email, name, role, ...button }: UserMenuProps & React.ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" className="min-w-0 shrink-0 gap-2 px-2 sm:px-4" data-account-menu {...button}>
      <UserRound className="size-4" aria-hidden />
      <span className="sr-only">Account menu</span> <span className="hidden max-w-48 truncate sm:inline">{name || email}</span>{" "}
      <Badge variant="secondary">{roleLabels[role]}</Badge>
    </Button>
  );
}
