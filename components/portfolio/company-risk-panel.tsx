"use client";

// First: zod without its JIT, before any schema is built (lib/security/browser-zod.shared.ts).
import "@/lib/security/browser-zod.shared";
import { useId, useOptimistic, useState, useTransition } from "react";
import { AssigneePicker } from "@/components/alerts/assignee-picker";
import { personName, type Assignee } from "@/components/alerts/triage-controls";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn.shared";
import type { CompanyRiskState } from "@/lib/portfolio/company-risk";
import { pinFieldsSchema, pinReasonMax, type CompanyKeyInput } from "@/lib/portfolio/portfolio-inputs.shared";
import { reviewDueFromToday } from "@/lib/reviews/review-dates.shared";
import type { RiskRating } from "@/lib/risk/risk-model.shared";
import { label } from "@/lib/vocabulary/words.shared";
import { RatingBadge } from "./rating-badge";
import { RiskReasons } from "./risk-reasons";

type Failure = { ok: false; code: string; error: string; fieldErrors?: Record<string, string[]> };
type Result = { ok: true; data: CompanyRiskState } | Failure;

/** The server actions the panel calls, given as props (components never import app/). */
export type CompanyRiskActions = {
  setCustomer: (input: CompanyKeyInput & { customer: boolean }) => Promise<Result>;
  setOwner: (input: CompanyKeyInput & { ownerId: string | null }) => Promise<Result>;
  pin: (input: CompanyKeyInput & { rating: RiskRating; reason: string }) => Promise<Result>;
  unpin: (input: CompanyKeyInput) => Promise<Result>;
};

const ratings = ["low", "medium", "high"] as const satisfies readonly RiskRating[];

const failureText = (failure: Failure) =>
  Object.values(failure.fieldErrors ?? {})
    .flat()
    .join(" ") || failure.error;

const day = (iso: string) => iso.slice(0, 10);

/**
 * The company's risk in the portfolio, on its page: the rating in force with its score, reasons and evidence, the
 * model version, whether it is incomplete or pinned by hand; the next review; the "Customer" switch and the owner
 * (reviewCompanies); pinning the rating by hand (manageRisk). Each click shows its result at once, is replaced by the
 * server's answer, and rolls back with the reason when refused.
 */
export function CompanyRiskPanel({
  companyKey,
  initial,
  owners,
  viewer,
  canReview,
  canPin,
  actions,
}: {
  companyKey: CompanyKeyInput;
  initial: CompanyRiskState;
  owners: readonly Assignee[];
  viewer: { id: string; email: string };
  canReview: boolean;
  canPin: boolean;
  actions: CompanyRiskActions;
}) {
  // The server's state; a new one from the page (a refresh) replaces it.
  const [state, setState] = useState(initial);
  const [given, setGiven] = useState(initial);
  if (given !== initial) {
    setGiven(initial);
    setState(initial);
  }
  const [shown, guess] = useOptimistic(state, (current, patch: Partial<CompanyRiskState>) => ({ ...current, ...patch }));
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ text: string; failed: boolean }>();
  const [pinErrors, setPinErrors] = useState<Record<string, string[]>>({});
  const id = useId();

  const run = (patch: Partial<CompanyRiskState>, call: () => Promise<Result>, done: string) => {
    setMessage(undefined);
    startTransition(async () => {
      guess(patch);
      const result = await call();
      if (result.ok) {
        setState(result.data);
        setMessage({ text: done, failed: false });
      } else {
        setMessage({ text: `Not changed: ${failureText(result)}`, failed: true });
      }
    });
  };

  const onCustomer = (customer: boolean) =>
    run(
      { customer, inPortfolio: true },
      () => actions.setCustomer({ ...companyKey, customer }),
      customer ? "Marked customer." : "No longer marked customer.",
    );

  const onOwner = (ownerId: string | null) => {
    const owner = owners.find((o) => o.id === ownerId);
    run(
      { ownerId, inPortfolio: true },
      () => actions.setOwner({ ...companyKey, ownerId }),
      owner ? `Owned by ${personName(owner)}.` : "No owner now.",
    );
  };

  const onPin = (form: FormData) => {
    const parsed = pinFieldsSchema.safeParse({ rating: form.get("rating") || undefined, reason: form.get("reason") ?? "" });
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
      setPinErrors(errors);
      setMessage({ text: "Correct the highlighted fields: nothing was sent.", failed: true });
      return;
    }
    setPinErrors({});
    const pin = { ...parsed.data, by: viewer.email, at: new Date().toISOString() };
    run(
      { rating: pin.rating, pin, inPortfolio: true },
      async () => {
        const result = await actions.pin({ ...companyKey, ...parsed.data });
        if (!result.ok && result.fieldErrors) setPinErrors(result.fieldErrors);
        return result;
      },
      `Rating pinned: ${label("riskRating", pin.rating)}.`,
    );
  };

  const onUnpin = () =>
    run(
      { rating: shown.computed?.rating ?? null, pin: null },
      () => actions.unpin(companyKey),
      "Pin removed: the computed rating is in force.",
    );

  const { computed, pin } = shown;
  const due = shown.nextReviewDue ? reviewDueFromToday(new Date(shown.nextReviewDue), new Date()) : undefined;
  const owner = owners.find((o) => o.id === shown.ownerId);

  return (
    <section aria-labelledby={`${id}heading`} className="min-w-0 space-y-4 rounded-md border p-4" data-testid="risk-panel">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}heading`} className="text-lg font-semibold">
          Risk
        </h2>
        <RatingBadge rating={shown.rating} pinned={pin !== null} />
        {computed && (
          <span className="text-sm text-muted-foreground tabular-nums">
            score {computed.score} · model version {computed.modelVersion} · rated {day(computed.ratedAt)}
          </span>
        )}
      </div>
      {shown.rating === null && (
        <p className="text-sm text-muted-foreground">
          {shown.inPortfolio
            ? "Not rated yet: the rating is computed in the background from the company file."
            : "Not in the portfolio yet: it joins when its company file is stored, or when it is marked customer."}
        </p>
      )}
      {computed?.incomplete && (
        <p role="note" className="rounded-md border border-warning px-3 py-2 text-sm">
          Incomplete: part of the ownership graph stopped at the spend cap and is not expanded, so the rating may be too low.
        </p>
      )}
      {pin && (
        <div className="rounded-md border px-3 py-2 text-sm" data-testid="rating-pin">
          <p>
            <span className="font-medium">Pinned by hand</span> at {label("riskRating", pin.rating)} risk by {pin.by ?? "a former user"} on{" "}
            {day(pin.at)}.
          </p>
          <p className="[overflow-wrap:anywhere]">Why: {pin.reason}</p>
          {computed && (
            <p className="text-muted-foreground">
              The computed rating is {label("riskRating", computed.rating)} (score {computed.score}).
            </p>
          )}
        </div>
      )}
      {computed && computed.reasons.length > 0 && <RiskReasons reasons={computed.reasons} />}
      {computed && computed.reasons.length === 0 && <p className="text-sm text-muted-foreground">No rule gave points.</p>}
      <p className="text-sm">
        Next review:{" "}
        {due ? (
          <>
            <span className={cn(due.tone === "overdue" && "font-medium text-destructive")}>{due.text}</span> ({day(shown.nextReviewDue!)})
          </>
        ) : (
          "not scheduled"
        )}
      </p>
      <div className="flex flex-wrap items-end gap-6">
        <div className="flex items-center gap-2 text-sm">
          {canReview ? (
            <>
              <Switch
                id={`${id}customer`}
                checked={shown.customer}
                disabled={pending}
                onCheckedChange={onCustomer}
                aria-describedby={`${id}customer-help`}
              />
              <label htmlFor={`${id}customer`}>Customer</label>
            </>
          ) : (
            <span>{shown.customer ? "Marked customer" : "Not marked customer"}</span>
          )}
          <span id={`${id}customer-help`} className="sr-only">
            A company marked customer is in the portfolio when it holds only customers.
          </span>
        </div>
        {canReview ? (
          <AssigneePicker users={owners} viewerId={viewer.id} current={shown.ownerId} disabled={pending} onAssign={onOwner} label="Owner" />
        ) : (
          <p className="text-sm">Owner: {owner ? personName(owner) : shown.ownerId ? "someone not listed" : "nobody"}</p>
        )}
      </div>
      {canPin && (
        <details className="text-sm" open={Object.keys(pinErrors).length > 0 || undefined}>
          <summary className="cursor-pointer font-medium select-none">
            {pin ? "Change or remove the pin" : "Pin the rating by hand"}
          </summary>
          <form
            // Not a form action: React would reset the fields after it, losing a reason that was refused.
            onSubmit={(event) => {
              event.preventDefault();
              onPin(new FormData(event.currentTarget));
            }}
            className="mt-2 flex max-w-xl flex-col gap-3"
            aria-label="Pin the rating by hand"
            noValidate
          >
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}rating`}>Rating</label>
              <NativeSelect
                id={`${id}rating`}
                name="rating"
                defaultValue={pin?.rating ?? shown.rating ?? ""}
                aria-invalid={!!pinErrors.rating}
                aria-describedby={pinErrors.rating ? `${id}rating-error` : undefined}
                className="w-48 max-w-full"
              >
                <option value="">Choose…</option>
                {ratings.map((rating) => (
                  <option key={rating} value={rating}>
                    {label("riskRating", rating)}
                  </option>
                ))}
              </NativeSelect>
              {pinErrors.rating && (
                <p id={`${id}rating-error`} className="text-destructive">
                  {pinErrors.rating.join(" ")}
                </p>
              )}
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}reason`}>Why (kept with the pin and in the audit log)</label>
              <textarea
                id={`${id}reason`}
                name="reason"
                rows={3}
                maxLength={pinReasonMax}
                defaultValue={pin?.reason ?? ""}
                aria-invalid={!!pinErrors.reason}
                aria-describedby={pinErrors.reason ? `${id}reason-error` : undefined}
                className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              />
              {pinErrors.reason && (
                <p id={`${id}reason-error`} className="text-destructive">
                  {pinErrors.reason.join(" ")}
                </p>
              )}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" disabled={pending}>
                Pin rating
              </Button>
              {pin && (
                <Button type="button" size="sm" variant="outline" disabled={pending} onClick={onUnpin}>
                  Remove the pin
                </Button>
              )}
            </div>
          </form>
        </details>
      )}
      <p role={message?.failed ? "alert" : "status"} className={cn("text-sm", message?.failed && "text-destructive")}>
        {message?.text}
      </p>
    </section>
  );
}
