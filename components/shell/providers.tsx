"use client";

import { ThemeProvider } from "next-themes";

/** What every page needs, sign-in included: kept to the theme so the sign-in page stays light. */
export function Providers({ nonce, children }: { nonce?: string; children: React.ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      {children}
    </ThemeProvider>
  );
}
