"use client";

import { createContext, useContext, useState } from "react";
import { OneTimePasswordDialog } from "@/components/users/one-time-password-dialog";
import type { HandOver } from "@/lib/users/user-access";

const HandOverContext = createContext<(handOver: HandOver) => void>(() => {});

/**
 * Holds a one-time password that performing an approved change generated (an admin's reset or creation) and shows it
 * to the approver once. It sits above the list of pending changes: the approved change leaves that list when the page
 * refreshes, and the password must still be shown.
 */
export function HandOverProvider({ children }: { children: React.ReactNode }) {
  const [shown, setShown] = useState<HandOver>();
  return (
    <HandOverContext.Provider value={setShown}>
      {children}
      <OneTimePasswordDialog shown={shown && { email: shown.email, password: shown.oneTimePassword }} onClose={() => setShown(undefined)} />
    </HandOverContext.Provider>
  );
}

/** Shows `handOver` to the approver (inside a `HandOverProvider`). */
export const useHandOver = () => useContext(HandOverContext);
