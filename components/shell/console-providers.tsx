"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useState } from "react";
import { LiveProvider } from "@/components/live/live-provider";
import type { Role } from "@/lib/auth/roles.shared";
import { ViewerRoleProvider } from "./viewer-role";

// Toasts appear only after something happens, so their code loads after the page is interactive.
// Toasts raised before it arrives wait in the store (components/ui/use-toast.ts).
const Toaster = dynamic(() => import("@/components/ui/toaster").then((m) => m.Toaster), { ssr: false });

export function ConsoleProviders({ role, children }: { role: Role; children: React.ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } }),
  );
  return (
    <ViewerRoleProvider role={role}>
      <QueryClientProvider client={queryClient}>
        <LiveProvider>{children}</LiveProvider>
        <Toaster />
      </QueryClientProvider>
    </ViewerRoleProvider>
  );
}
