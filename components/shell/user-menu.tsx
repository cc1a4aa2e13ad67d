"use client";

import { useEffect, useState, type ComponentType } from "react";
import { UserMenuButton, type UserMenuProps } from "./user-menu-button";

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
