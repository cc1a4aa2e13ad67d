import { guardPage } from "@/lib/auth/guard-page";

/**
 * Checks the page's capability above its loading skeleton: a refusal must set the response's status (403), which a
 * page streamed after the skeleton no longer can. The page checks it again itself.
 */
export default async function MonitorsLayout({ children }: { children: React.ReactNode }) {
  await guardPage("readMonitors");
  return children;
}
