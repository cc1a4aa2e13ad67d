import type { Metadata } from "next";
import Link from "next/link";
import { guardPage } from "@/lib/auth/guard-page";
import { ImportListForm } from "./import-list-form";

export const metadata: Metadata = { title: "Import a list" };

export default async function ImportListPage() {
  await guardPage("runBatches");
  return (
    <div className="max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Import a customer list</h1>
        <p className="text-sm text-muted-foreground">
          Onboard many companies from a CSV file, through the active connection. Each row is searched in its country (free) and matched to a
          company; you pick the right one where several could be meant, see the price, and confirm once with a cap before anything is
          ordered.{" "}
          <Link href="/portfolio/batches" className="text-primary underline underline-offset-4">
            See the lists and campaigns started before
          </Link>
        </p>
      </div>
      <ImportListForm />
    </div>
  );
}
