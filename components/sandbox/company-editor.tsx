"use client";

import "@/lib/security/browser-zod.shared";
import Link from "next/link";
import { useId, useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { registryCountries } from "@/lib/registry/countries.shared";
import { companyStatuses } from "@/lib/registry/schemas.shared";
import { companyInputSchema, type CompanyInput } from "@/lib/sandbox/sandbox-inputs.shared";
import { useSandboxAction, type SandboxResult } from "./use-sandbox-action";
import { label as termLabel } from "@/lib/vocabulary/words.shared";

type Saved = { countryCode: string; id: string };
type Draft = Record<Exclude<keyof CompanyInput, "mode">, string>;

const emptyDraft: Draft = {
  countryCode: "",
  id: "",
  legalName: "",
  status: "",
  addressLine1: "",
  addressLine2: "",
  city: "",
  postalCode: "",
  addressCountry: "",
  extraJson: "",
};

/** The draft as the action's input: an empty optional field is left out, so it changes nothing. */
function inputOf(mode: CompanyInput["mode"], draft: Draft): CompanyInput {
  const optional = (value: string) => value.trim() || undefined;
  return {
    mode,
    countryCode: draft.countryCode as CompanyInput["countryCode"],
    id: draft.id,
    legalName: optional(draft.legalName),
    status: optional(draft.status) as CompanyInput["status"],
    addressLine1: optional(draft.addressLine1),
    addressLine2: optional(draft.addressLine2),
    city: optional(draft.city),
    postalCode: optional(draft.postalCode),
    addressCountry: optional(draft.addressCountry) as CompanyInput["addressCountry"],
    extraJson: draft.extraJson,
  };
}

function SelectField({
  label,
  name,
  value,
  options,
  onChange,
  errors,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  errors?: string[];
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-errors` : undefined}
        className="w-full"
      >
        <option value="">—</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {termLabel("companyStatus", option)}
          </option>
        ))}
      </NativeSelect>
      {errors?.length ? (
        <p id={`${id}-errors`} className="text-sm text-destructive">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A user-defined sandbox company (POST /v2/sandbox/companies to create, PATCH to change one): the fields a
 * rehearsal usually moves, plus JSON for anything else. Empty fields are left as they are.
 */
export function CompanyEditor({ save }: { save: (input: CompanyInput) => Promise<SandboxResult<Saved>> }) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const action = useSandboxAction(companyInputSchema, save);
  const errors = action.fieldErrors;
  const jsonId = useId();
  const text = (name: Exclude<keyof Draft, "countryCode" | "status" | "addressCountry" | "extraJson">, label: string, required = false) => (
    <FormField
      label={label}
      name={name}
      required={required}
      value={draft[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      errors={errors[name]}
    />
  );
  const select = (name: "countryCode" | "status" | "addressCountry", label: string, options: readonly string[]) => (
    <SelectField
      label={label}
      name={name}
      value={draft[name]}
      options={options}
      onChange={(value) => setDraft({ ...draft, [name]: value })}
      errors={errors[name]}
    />
  );

  return (
    <form aria-label="Company editor" className="space-y-4" onSubmit={(event) => event.preventDefault()}>
      <div className="grid gap-4 sm:grid-cols-2">
        {select("countryCode", "Country", registryCountries)}
        {text("id", "Company id", true)}
        {text("legalName", "Legal name")}
        {select("status", "Status", companyStatuses)}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">Legal address (replaced as a whole when any line is given)</legend>
        {text("addressLine1", "Address line 1")}
        {text("addressLine2", "Address line 2")}
        {text("city", "City")}
        {text("postalCode", "Postal code")}
        {select("addressCountry", "Address country", registryCountries)}
      </fieldset>
      <div className="space-y-2">
        <Label htmlFor={jsonId}>Other fields (JSON)</Label>
        <textarea
          id={jsonId}
          name="extraJson"
          rows={5}
          value={draft.extraJson}
          onChange={(e) => setDraft({ ...draft, extraJson: e.target.value })}
          aria-invalid={errors.extraJson?.length ? true : undefined}
          aria-describedby={`${jsonId}-help`}
          className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm"
          placeholder='{"company": {"website": "https://example.com"}, "sections": {}, "disappeared": false}'
        />
        <p id={`${jsonId}-help`} className={errors.extraJson?.length ? "text-sm text-destructive" : "text-xs text-muted-foreground"}>
          {errors.extraJson?.length
            ? errors.extraJson.join(" ")
            : 'An object with any of "company" (more company fields), "sections" and "disappeared". The fields above win over the same ones here.'}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="button" disabled={action.pending} onClick={() => action.submit(inputOf("create", draft))}>
          Create company
        </Button>
        <Button type="button" variant="outline" disabled={action.pending} onClick={() => action.submit(inputOf("update", draft))}>
          Update company
        </Button>
      </div>
      {action.saved && (
        <p role="status" className="text-sm">
          Saved {action.saved.countryCode} {action.saved.id}. The change shows in the next request of this company and at its monitors&apos;
          next daily check.{" "}
          <Link
            className="underline underline-offset-4"
            href={`/companies/${action.saved.countryCode}/${encodeURIComponent(action.saved.id)}`}
          >
            Open the company page
          </Link>
        </p>
      )}
      <FormError message={action.failure} />
    </form>
  );
}
