"use client";

import { createContext, useCallback, useContext, useState } from "react";
import type { HighUsageOverride } from "@/lib/registry/schemas.shared";

type Saved = Record<string, HighUsageOverride | null>;
const SavedOverrides = createContext<{ saved: Saved; set: (workspaceId: string, override: HighUsageOverride | null) => void } | null>(null);

/**
 * The overrides the registry answered since the page loaded, by workspace: a drawer closed and opened again, and the
 * table's override and tier columns, show the saved override without reloading the page.
 */
export function SavedOverridesProvider({ children }: { children: React.ReactNode }) {
  const [saved, setSaved] = useState<Saved>({});
  const set = useCallback((id: string, override: HighUsageOverride | null) => setSaved((s) => ({ ...s, [id]: override })), []);
  return <SavedOverrides.Provider value={{ saved, set }}>{children}</SavedOverrides.Provider>;
}

/** A workspace's override: the last one the registry answered on this page, else `initial` (as the page read it). */
export function useSavedOverride(workspaceId: string, initial: HighUsageOverride | null) {
  const shared = useContext(SavedOverrides);
  const [local, setLocal] = useState(initial);
  if (!shared) return [local, setLocal] as const;
  const current = Object.hasOwn(shared.saved, workspaceId) ? shared.saved[workspaceId]! : initial;
  return [current, (override: HighUsageOverride | null) => shared.set(workspaceId, override)] as const;
}
