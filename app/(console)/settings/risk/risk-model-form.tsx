"use client";

// First: zod without its JIT, whose eval probe the CSP reports (lib/security/browser-zod.shared.ts).
import "@/lib/security/browser-zod.shared";
import { useId, useState, useTransition, type ReactNode } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SubmittedOutcome } from "@/lib/dual-control/submitted-outcome";
import { fieldErrorsOf } from "@/lib/forms/field-errors.shared";
import { countryName, countryWords } from "@/lib/registry/countries.shared";
import { modelChangeLines } from "@/lib/risk/model-changes.shared";
import { previewLines, type ModelPreview } from "@/lib/risk/model-preview-words.shared";
import { modelPublicationSchema, type ModelPublication } from "@/lib/risk/model-publication.shared";
import { riskModelSchema, type RiskModel, type RiskRuleId } from "@/lib/risk/risk-model.shared";
import { errorText, label, words } from "@/lib/vocabulary/words.shared";

type FieldErrors = Record<string, string[]>;

/** The form's numbers by their path in the model ("rules.youngCompany.months"), as typed. */
type Numbers = Record<string, string>;

/** Every number of `model` by its path, as text for the inputs. */
function numbersOf(model: RiskModel): Numbers {
  const numbers: Numbers = {};
  const walk = (value: unknown, path: string) => {
    if (typeof value === "number") numbers[path] = String(value);
    else if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    }
  };
  walk({ rules: model.rules, thresholds: model.thresholds }, "");
  return numbers;
}

/** The model the inputs say; a blank or non-numeric input is NaN, which the schema refuses in words. */
function draftModel(numbers: Numbers, highRiskCountries: string[], legalForms: string[]): unknown {
  const model: Record<string, unknown> = { highRiskCountries, legalForms };
  for (const [path, text] of Object.entries(numbers)) {
    const keys = path.split(".");
    let node = model;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = text.trim() === "" ? Number.NaN : Number(text.trim());
  }
  return model;
}

const fieldId = (path: string) => `risk-${path.replaceAll(".", "-")}`;

/** One number of the model: its label, input, hint and the messages the schema gave for it. */
function NumberField({
  path,
  text,
  fieldLabel,
  hint,
  errors,
  onChange,
}: {
  path: string;
  text: string;
  fieldLabel: string;
  hint?: string;
  errors?: string[];
  onChange: (path: string, text: string) => void;
}) {
  const id = fieldId(path);
  const describedBy = errors?.length ? `${id}-errors` : hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{fieldLabel}</Label>
      <Input
        id={id}
        inputMode="numeric"
        className="w-28"
        value={text}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(path, event.target.value)}
      />
      {errors?.length ? (
        <p id={`${id}-errors`} className="text-sm text-destructive">
          {errors.join(" ")}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A fieldset of the model's numbers (a rule's, the thresholds): its legend and explanation, then a field per number. */
function NumberFieldset({
  legend,
  explanation,
  wide = false,
  gridClassName,
  fields,
  numbers,
  errorsAt,
  onChange,
}: {
  legend: string;
  explanation?: ReactNode;
  /** Spans both columns of the grid on a wide screen. */
  wide?: boolean;
  gridClassName: string;
  fields: { path: string; fieldLabel: string; hint?: string }[];
  numbers: Numbers;
  errorsAt: (path: string) => string[] | undefined;
  onChange: (path: string, text: string) => void;
}) {
  return (
    <fieldset className={`min-w-0 space-y-2 rounded-md border p-4${wide ? " lg:col-span-2" : ""}`}>
      <legend className="px-1 font-medium">{legend}</legend>
      {explanation && <p className="text-sm text-muted-foreground">{explanation}</p>}
      <div className={gridClassName}>
        {fields.map((field) => (
          <NumberField key={field.path} {...field} text={numbers[field.path] ?? ""} errors={errorsAt(field.path)} onChange={onChange} />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A list the admins keep (high-risk countries, legal forms): each item with its remove button, and a field to add
 * one, checked by `check` before it joins the list.
 */
function ListEditor({
  legend,
  explanation,
  items,
  show,
  addLabel,
  addButton,
  check,
  errors,
  onChange,
}: {
  legend: string;
  explanation: string;
  items: string[];
  show: (item: string) => string;
  addLabel: string;
  addButton: string;
  check: (item: string, items: string[]) => { item: string } | { error: string };
  errors: string[];
  onChange: (items: string[]) => void;
}) {
  const id = useId();
  const [adding, setAdding] = useState("");
  const [addError, setAddError] = useState<string>();
  const add = () => {
    const checked = check(adding.trim(), items);
    if ("error" in checked) return setAddError(checked.error);
    setAddError(undefined);
    setAdding("");
    onChange([...items, checked.item]);
  };
  const messages = [...(addError ? [addError] : []), ...errors];
  return (
    <fieldset className="min-w-0 space-y-2 rounded-md border p-4">
      <legend className="px-1 font-medium">{legend}</legend>
      <p className="text-sm text-muted-foreground">{explanation}</p>
      {items.length === 0 ? (
        <p className="text-sm">None listed.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={legend}>
          {items.map((item, index) => (
            <li key={`${item}-${index}`} className="flex items-center gap-1 rounded-md border py-0.5 pr-1 pl-2 text-sm">
              <span className="break-all">{show(item)}</span>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="h-6 px-1.5"
                aria-label={`Remove ${show(item)}`}
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 space-y-1">
          <Label htmlFor={`${id}-add`}>{addLabel}</Label>
          <Input
            id={`${id}-add`}
            className="w-56 max-w-full"
            value={adding}
            aria-invalid={messages.length ? true : undefined}
            aria-describedby={messages.length ? `${id}-errors` : undefined}
            onChange={(event) => setAdding(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                add();
              }
            }}
          />
        </div>
        <Button type="button" variant="outline" onClick={add}>
          {addButton}
        </Button>
      </div>
      {messages.length > 0 && (
        <p id={`${id}-errors`} className="text-sm text-destructive">
          {messages.join(" ")}
        </p>
      )}
    </fieldset>
  );
}

function checkCountry(typed: string, items: string[]) {
  const code = typed.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return { error: "A country is its two-letter code (for example IR)." };
  if (!countryName(code)) return { error: `${code} is not a country code.` };
  if (items.includes(code)) return { error: `${countryWords(code)} is already listed.` };
  return { item: code };
}

function checkLegalForm(typed: string, items: string[]) {
  if (!typed) return { error: "Type a legal form as the register writes it." };
  if (typed.length > 200) return { error: "A legal form is at most 200 characters." };
  if (items.some((item) => item.toLowerCase() === typed.toLowerCase())) return { error: `“${typed}” is already listed.` };
  return { item: typed };
}

/** The messages of every field whose path starts with `prefix` (a list's items). */
const errorsUnder = (errors: FieldErrors, prefix: string) =>
  Object.entries(errors)
    .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
    .flatMap(([, messages]) => messages);

type Preview = { model: string; lines: string[] } | undefined;

/**
 * The risk model as a form: a fieldset per rule (its points and its parameter; a weight per compliance flag), the
 * high-risk countries and legal forms, the thresholds, and why this version. The browser checks with the same schema
 * as the server, which checks again; "Preview" counts the companies whose rating would change, "Ask to publish"
 * sends the draft for a second admin's approval (dual control).
 */
export function RiskModelForm({
  model,
  baseVersion,
  preview,
  publish,
}: {
  model: RiskModel;
  baseVersion: number | null;
  preview: (input: { model: RiskModel }) => Promise<ActionResult<ModelPreview>>;
  publish: (input: ModelPublication) => Promise<ActionResult<SubmittedOutcome>>;
}) {
  // The version the draft was edited from stays the one first loaded, so a publication since is refused, not undone.
  const [base] = useState({ model, version: baseVersion });
  const [numbers, setNumbers] = useState(() => numbersOf(model));
  const [countries, setCountries] = useState(model.highRiskCountries);
  const [legalForms, setLegalForms] = useState(model.legalForms);
  const [note, setNote] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string>();
  const [outcome, setOutcome] = useState<string>();
  const [previewed, setPreviewed] = useState<Preview>();
  const [previewing, startPreview] = useTransition();
  const [sending, startSending] = useTransition();

  const draft = draftModel(numbers, countries, legalForms);
  const parsed = riskModelSchema.safeParse(draft);
  const draftKey = JSON.stringify(draft);
  const changes = parsed.success ? modelChangeLines(base.model, parsed.data) : undefined;
  const modelErrors = (path: string) => fieldErrors[`model.${path}`];

  const setNumber = (path: string, text: string) => setNumbers((current) => ({ ...current, [path]: text }));

  /** The refusal of a check in the browser: its messages by field, and nothing sent. */
  const refuse = (errors: FieldErrors) => {
    setFieldErrors(errors);
    setRefusal("Correct the highlighted fields: nothing was sent.");
    setOutcome(undefined);
  };
  const refused = (result: Extract<ActionResult<unknown>, { ok: false }>) => {
    setFieldErrors(result.fieldErrors ?? {});
    setRefusal(result.registry ? errorText(result.code, result.error) : result.error);
  };

  const runPreview = () => {
    if (!parsed.success) return refuse(fieldErrorsOf(parsed.error.issues.map((issue) => ({ ...issue, path: ["model", ...issue.path] }))));
    setFieldErrors({});
    setRefusal(undefined);
    startPreview(async () => {
      const result = await preview({ model: parsed.data });
      if (!result.ok) return refused(result);
      setPreviewed({ model: draftKey, lines: previewLines(result.data) });
    });
  };

  const submit = () => {
    const publication = modelPublicationSchema.safeParse({ model: draft, note, baseVersion: base.version });
    if (!publication.success) return refuse(fieldErrorsOf(publication.error.issues));
    setFieldErrors({});
    setRefusal(undefined);
    setOutcome("Sending…");
    startSending(async () => {
      const result = await publish(publication.data);
      if (!result.ok) {
        setOutcome(undefined);
        return refused(result);
      }
      setNote("");
      setOutcome(
        result.data.state === "pending"
          ? "Asked: the new version waits for a second admin's approval on Settings → Approvals. Nothing changes until then."
          : (result.data.warning ?? "Published: the new version is in force, and the companies are being re-rated."),
      );
    });
  };

  const rules = Object.keys(base.model.rules) as RiskRuleId[];
  const noteId = "risk-note";

  return (
    <form
      aria-label="Risk model"
      className="space-y-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <section aria-labelledby="rules-heading" className="space-y-3">
        <h2 id="rules-heading" className="text-lg font-semibold">
          Rules
        </h2>
        <p className="text-sm text-muted-foreground">
          Each rule adds its points to a company&apos;s score when it applies; 0 turns it off.
        </p>
        <div className="grid gap-4 lg:grid-cols-2">
          {rules.map((rule) => {
            const { label: ruleLabel, explanation } = words("riskRule", rule);
            const flags = rule === "complianceFlags";
            const fields = flags
              ? Object.keys(base.model.rules.complianceFlags.points).map((flag) => ({
                  path: `rules.complianceFlags.points.${flag}`,
                  fieldLabel: label("complianceFlag", flag),
                }))
              : Object.keys(base.model.rules[rule]).map((parameter) => ({
                  path: `rules.${rule}.${parameter}`,
                  fieldLabel: label("riskParameter", parameter),
                  hint: parameter === "points" ? undefined : words("riskParameter", parameter).explanation,
                }));
            return (
              <NumberFieldset
                key={rule}
                legend={ruleLabel}
                explanation={explanation}
                wide={flags}
                gridClassName={flags ? "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" : "flex flex-wrap gap-4"}
                fields={fields}
                numbers={numbers}
                errorsAt={modelErrors}
                onChange={setNumber}
              />
            );
          })}
        </div>
      </section>

      <section aria-labelledby="lists-heading" className="space-y-3">
        <h2 id="lists-heading" className="text-lg font-semibold">
          Lists and thresholds
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <ListEditor
            legend="High-risk countries"
            explanation="Companies registered here, and owners or officers here, add the points of their rules."
            items={countries}
            show={countryWords}
            addLabel="Add a country (two-letter code)"
            addButton="Add country"
            check={checkCountry}
            errors={errorsUnder(fieldErrors, "model.highRiskCountries")}
            onChange={setCountries}
          />
          <ListEditor
            legend="Legal forms"
            explanation="Legal forms as the register writes them, matched without regard to case."
            items={legalForms}
            show={(form) => form}
            addLabel="Add a legal form"
            addButton="Add legal form"
            check={checkLegalForm}
            errors={errorsUnder(fieldErrors, "model.legalForms")}
            onChange={setLegalForms}
          />
          <NumberFieldset
            legend="Thresholds"
            explanation={
              <>
                A score at or above the first rates {label("riskRating", "medium")}; at or above the second, {label("riskRating", "high")};
                below, {label("riskRating", "low")}.
              </>
            }
            gridClassName="flex flex-wrap gap-4"
            fields={(["medium", "high"] as const).map((level) => ({
              path: `thresholds.${level}`,
              fieldLabel: `${label("riskRating", level)} from (points)`,
            }))}
            numbers={numbers}
            errorsAt={modelErrors}
            onChange={setNumber}
          />
        </div>
      </section>

      <section aria-labelledby="publish-heading" className="space-y-3">
        <h2 id="publish-heading" className="text-lg font-semibold">
          Preview and publish
        </h2>
        <div className="space-y-1 text-sm" data-testid="draft-changes">
          {changes === undefined ? (
            <p className="text-muted-foreground">The draft has fields to correct.</p>
          ) : changes.length === 0 ? (
            <p className="text-muted-foreground">The draft is the same as the model in force.</p>
          ) : (
            <>
              <p>Against the model in force, this draft changes:</p>
              <ul className="list-disc pl-5">
                {changes.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div className="space-y-2">
          <Button type="button" variant="outline" disabled={previewing} onClick={runPreview}>
            {previewing ? "Counting…" : "Preview the effect"}
          </Button>
          <div role="status" aria-live="polite" className="space-y-1 text-sm" data-testid="risk-preview">
            {previewing && <p>Counting the companies whose rating would change…</p>}
            {!previewing && previewed && (
              <>
                {previewed.model !== draftKey && <p className="text-muted-foreground">The draft changed since this preview.</p>}
                <ul className="list-disc pl-5">
                  {previewed.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor={noteId}>Why this version</Label>
          <textarea
            id={noteId}
            rows={3}
            className="flex w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive md:text-sm"
            value={note}
            aria-invalid={fieldErrors.note ? true : undefined}
            aria-describedby={fieldErrors.note ? `${noteId}-errors` : `${noteId}-hint`}
            onChange={(event) => setNote(event.target.value)}
          />
          {fieldErrors.note ? (
            <p id={`${noteId}-errors`} className="text-sm text-destructive">
              {fieldErrors.note.join(" ")}
            </p>
          ) : (
            <p id={`${noteId}-hint`} className="text-xs text-muted-foreground">
              Kept with the version and shown to the admin who approves it.
            </p>
          )}
        </div>
        <Button type="submit" disabled={sending}>
          Ask to publish
        </Button>
        <FormError message={refusal} />
        {outcome && (
          <p role="status" className="text-sm">
            {outcome}
          </p>
        )}
      </section>
    </form>
  );
}
