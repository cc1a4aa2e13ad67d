import type { Metadata } from "next";
import { guardPage } from "@/lib/auth/guard-page";
import { sectionFor } from "@/lib/navigation/sections";
import { OnboardingForm } from "./onboarding-form";

export const metadata: Metadata = { title: "Onboarding" };

export default async function OnboardingPage() {
  await guardPage("spendCredits");
  return (
    <div className="max-w-xl space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Onboarding</h1>
        <p className="text-sm text-muted-foreground">
          {sectionFor("/onboarding").purpose} The result opens as a request, with the same dossier as any order.
        </p>
      </div>
      <OnboardingForm />
    </div>
  );
}
