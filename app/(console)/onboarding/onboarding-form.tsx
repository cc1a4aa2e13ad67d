"use client";

// First: zod without its JIT, whose eval probe the CSP reports (lib/security/browser-zod.shared.ts).
import "@/lib/security/browser-zod.shared";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { ConnectionKeyRemedy } from "@/components/connections/connection-key-remedy";
import { ConfirmDialog } from "@/components/forms/confirm-dialog";
import { CaseReferenceField } from "@/components/forms/case-reference-field";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { onboardingInputSchema } from "@/lib/orders/onboarding-input.shared";
import { countryNames, registryCountries, type RegistryCountry } from "@/lib/registry/countries.shared";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { onboardAction, onboardingPriceAction } from "./actions";
import { errorText } from "@/lib/vocabulary/words.shared";
import { TechnicalDetails } from "@/components/ui/technical-details";
import { credits } from "@/lib/vocabulary/units.shared";

/** Country and id, the price first, a confirmation that repeats it, then the request's dossier. */
export function OnboardingForm() {
  const router = useRouter();
  const [countryCode, setCountryCode] = useState<RegistryCountry>("FR");
  const [id, setId] = useState("");
  const [caseReference, setCaseReference] = useState("");
  const [prices, setPrices] = useState<Partial<Record<RegistryCountry, { value?: number; error?: string; code?: string }>>>({});
  const price = { ...prices[countryCode], loading: !prices[countryCode] };
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<{ message: string; registry?: RegistryErrorInfo; fieldErrors?: Record<string, string[]> }>();
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    if (prices[countryCode]) return;
    void onboardingPriceAction({ countryCode }).then((result) => {
      const known = !result.ok
        ? { error: result.registry ? errorText(result.code, result.error) : result.error, code: result.code }
        : { value: result.data.price };
      setPrices((p) => ({ ...p, [countryCode]: known }));
    });
  }, [countryCode, prices]);

  const input = { countryCode, id, caseReference, quotedTotal: price.value ?? 0 };
  function ask() {
    const parsed = onboardingInputSchema.safeParse(input);
    if (!parsed.success)
      return setProblem({
        message: parsed.error.issues[0]!.message,
        fieldErrors: { [String(parsed.error.issues[0]!.path[0])]: [parsed.error.issues[0]!.message] },
      });
    setProblem(undefined);
    setConfirming(true);
  }
  function onboard() {
    setConfirming(false);
    startTransition(async () => {
      const result = await onboardAction(input);
      if (result.ok) router.push(`/requests/${encodeURIComponent(result.data.requestId)}`);
      else setProblem({ message: result.error, registry: result.registry, fieldErrors: result.fieldErrors });
    });
  }

  const priceText = price.loading
    ? "Reading the price…"
    : price.error
      ? undefined
      : price.value === undefined
        ? "The pricing gives no onboarding price for this country."
        : credits(price.value);
  return (
    <form
      className="space-y-4 rounded-lg border p-4"
      onSubmit={(e) => {
        e.preventDefault();
        ask();
      }}
    >
      <div className="space-y-1">
        <Label htmlFor="onboarding-country">Country</Label>
        <NativeSelect
          id="onboarding-country"
          className="w-full"
          value={countryCode}
          onChange={(e) => setCountryCode(e.target.value as RegistryCountry)}
        >
          {registryCountries.map((c) => (
            <option key={c} value={c}>
              {countryNames[c]} ({c})
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <Label htmlFor="onboarding-id">Company identifier</Label>
        <Input id="onboarding-id" value={id} onChange={(e) => setId(e.target.value)} aria-invalid={Boolean(problem?.fieldErrors?.id)} />
        <FormError message={problem?.fieldErrors?.id?.[0]} />
      </div>
      <CaseReferenceField
        id="onboarding-case"
        value={caseReference}
        onChange={setCaseReference}
        errors={problem?.fieldErrors?.caseReference}
      />
      <p data-testid="onboarding-price" aria-live="polite">
        Price before anything is spent: <strong>{priceText ?? "unknown"}</strong>
      </p>
      <FormError message={price.error && `Reading the price failed: ${price.error}`} />
      <ConnectionKeyRemedy code={price.code} />
      {problem && !problem.fieldErrors?.id && (
        <div
          role="alert"
          aria-label={problem.registry?.code === "outcome_unknown" ? "Onboarding outcome unknown" : "Onboarding refused"}
          className="space-y-2 rounded-md border border-destructive/40 p-3 text-sm text-destructive"
        >
          <p>{problem.message}</p>
          {problem.registry && <TechnicalDetails>{problem.registry.code}</TechnicalDetails>}
          <ConnectionKeyRemedy code={problem.registry?.code} />
          {problem.registry?.retryable && (
            <Button type="button" size="sm" variant="outline" onClick={onboard}>
              Retry
            </Button>
          )}
        </div>
      )}
      <Button type="submit" disabled={pending || price.loading || price.value === undefined}>
        {pending ? "Onboarding…" : price.value === undefined ? "Onboard" : `Onboard for ${credits(price.value)}`}
      </Button>
      <ConfirmDialog
        confirm={
          confirming
            ? {
                title: `Onboard for ${price.value === undefined ? "a price not stated" : credits(price.value)}?`,
                body: `${countryNames[countryCode]} ${id}: the company profile in fast mode. Credits are spent when you confirm.`,
                action: price.value === undefined ? "Spend" : `Spend ${credits(price.value)}`,
              }
            : undefined
        }
        onConfirm={onboard}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
