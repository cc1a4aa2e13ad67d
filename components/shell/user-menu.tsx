"use client";

import { UserRound } from "lucide-react";
import { useEffect, useState, type ComponentType } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { roleLabels, type Role } from "@/lib/auth/roles";

export type UserMenuProps = { email: string; name: string; role: Role };

export function UserMenuButton({ email, name, role, ...button }: UserMenuProps & React.ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" className="gap-2" aria-label="Account menu" {...button}>
      <UserRound className="size-4" aria-hidden />
      <span className="hidden max-w-48 truncate sm:inline">{name || email}</span>
      <Badge variant="secondary">{roleLabels[role]}</Badge>
    </Button>
  );
}

/**
 * The account menu (theme, password, sign out). Its Radix code is a fifth of the console's
 * JavaScript and nothing on first paint needs it, so it loads right after the page is interactive;
 * until then the same button stands in its place.
 */
export function UserMenu(props: UserMenuProps) {
  const [Dropdown, setDropdown] = useState<ComponentType<UserMenuProps>>();
  useEffect(() => {
    void import("./user-menu-dropdown").then((m) => setDropdown(() => m.UserMenuDropdown));
  }, []);
  return Dropdown ? <Dropdown {...props} /> : <UserMenuButton {...props} aria-busy />;
}
