"use client";

// First: zod without its JIT, whose eval probe the CSP reports (lib/security/browser-zod.shared.ts).
import "@/lib/security/browser-zod.shared";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { portfolioScopes } from "@/db/vocabulary";
import type { ActionResult } from "@/lib/forms/action-result";
import { reviewPolicySchema, type ReviewPolicy } from "@/lib/risk/review-policy.shared";
import { count } from "@/lib/vocabulary/units.shared";
import { label } from "@/lib/vocabulary/words.shared";

type Saved = { changes: Record<string, string>; movedDueDates: number };
type Scope = ReviewPolicy["portfolioScope"];
type NumberPart = Exclude<keyof ReviewPolicy, "portfolioScope">;

const numberParts: { name: NumberPart; label: string; unit: string; max: number }[] = [
  { name: "highMonths", label: "High risk: review every (months)", unit: "months", max: 120 },
  { name: "mediumMonths", label: "Medium risk: review every (months)", unit: "months", max: 120 },
  { name: "lowMonths", label: "Low risk: review every (months)", unit: "months", max: 120 },
  { name: "staleDays", label: "Warn before a review of data older than (days)", unit: "days", max: 3650 },
];

/** What a save did, in words. */
function savedWords(saved: Saved): string {
  if (Object.keys(saved.changes).length === 0) return "Nothing changed.";
  return `Saved. ${saved.movedDueDates ? `${count(saved.movedDueDates, "company's due date", "companies' due dates")} moved to follow the policy.` : "No due date had to move."}`;
}

/**
 * The review policy: months per rating, how old data may be before a review warns, and which company files make up the
 * portfolio. Checked here with the server's schema before sending; the server checks again, audits the change and
 * moves every due date.
 */
export function ReviewPolicyForm({
  policy,
  defaults,
  save,
}: {
  policy: ReviewPolicy;
  defaults: ReviewPolicy;
  save: (input: ReviewPolicy) => Promise<ActionResult<Saved>>;
}) {
  const router = useRouter();
  const [values, setValues] = useState<Record<NumberPart, string>>(() => ({
    highMonths: String(policy.highMonths),
    mediumMonths: String(policy.mediumMonths),
    lowMonths: String(policy.lowMonths),
    staleDays: String(policy.staleDays),
  }));
  const [scope, setScope] = useState<Scope>(policy.portfolioScope);
  const [pending, startTransition] = useTransition();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<{ text: string; failed: boolean }>();

  const input = () => ({
    ...(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim() === "" ? Number.NaN : Number(value)])) as Record<
      NumberPart,
      number
    >),
    portfolioScope: scope,
  });

  return (
    <form
      className="space-y-4"
      aria-label="Review policy"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = reviewPolicySchema.safeParse(input());
        if (!parsed.success) {
          const found: Record<string, string[]> = {};
          for (const issue of parsed.error.issues) (found[String(issue.path[0])] ??= []).push(issue.message);
          setErrors(found);
          setMessage({ text: "Correct the highlighted fields: nothing was saved.", failed: true });
          return;
        }
        setErrors({});
        setMessage({ text: "Saving…", failed: false });
        startTransition(async () => {
          const answer = await save(parsed.data).catch(() => undefined);
          if (!answer)
            return setMessage({ text: "The console did not answer: the policy may not have been saved. Reload to see.", failed: true });
          if (!answer.ok) {
            setErrors(answer.fieldErrors ?? {});
            return setMessage({ text: `Not saved: ${answer.error}`, failed: true });
          }
          setMessage({ text: savedWords(answer.data), failed: false });
          router.refresh();
        });
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {numberParts.map((part) => (
          <FormField
            key={part.name}
            name={part.name}
            label={part.label}
            type="number"
            inputMode="numeric"
            min={1}
            max={part.max}
            step={1}
            className="w-28"
            value={values[part.name]}
            onChange={(e) => setValues((v) => ({ ...v, [part.name]: e.target.value }))}
            errors={errors[part.name]}
            hint={`Default: ${defaults[part.name]} ${part.unit}.`}
          />
        ))}
      </div>
      <fieldset className="space-y-1 text-sm">
        <legend className="mb-1 font-medium">The portfolio holds</legend>
        {portfolioScopes.map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name="portfolioScope" value={value} checked={scope === value} onChange={() => setScope(value)} />
            {label("portfolioScope", value)}
          </label>
        ))}
        <p className="text-xs text-muted-foreground">
          A company leaving the portfolio keeps its reviews and ratings; it returns with them when marked customer again.
        </p>
      </fieldset>
      <Button type="submit" disabled={pending}>
        Save the policy
      </Button>
      {message?.failed ? (
        <FormError message={message.text} />
      ) : (
        message && (
          <p role="status" className="text-sm">
            {message.text}
          </p>
        )
      )}
    </form>
  );
}
