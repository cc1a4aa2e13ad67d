"use client";

import { getNonce, setNonce } from "get-nonce";
import { ThemeProvider } from "next-themes";

/** What every page needs, sign-in included: kept to the theme so the sign-in page stays light. */
export function Providers({ nonce, children }: { nonce?: string; children: React.ReactNode }) {
  // Radix dialogs and menus (react-remove-scroll) add a <style> element: give it the CSP nonce of the document, that of
  // its first response. A router.refresh() or a client navigation renders this again with the nonce of that later
  // request, which the document's policy does not allow: the first one is kept.
  if (nonce && !getNonce()) setNonce(nonce);
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      {children}
    </ThemeProvider>
  );
}
