import { notFound } from "next/navigation";
import { guardPage } from "@/lib/auth/guard-page";

/** An address no console page has: the 404 inside the console's shell (signed-out visitors are sent to sign in first). */
export default async function MissingPage() {
  await guardPage("useConsole");
  notFound();
}
