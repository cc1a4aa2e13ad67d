"use client";

import "@/lib/security/browser-zod.shared";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { z } from "zod";
import { fieldErrorsOf } from "@/lib/forms/field-errors.shared";
import { errorText } from "@/lib/vocabulary/words.shared";

export type SandboxResult<T> = { ok: true; data: T } | { ok: false; code: string; error: string; fieldErrors?: Record<string, string[]> };

/**
 * One sandbox form's round trip: checks the input in the browser with the server's own schema (for comfort; the
 * action checks again), runs the action, refreshes the page on success. `failure` is the code and the message. Its
 * forms set noValidate, so these messages show rather than the browser's own.
 */
export function useSandboxAction<S extends z.ZodType, T>(schema: S, action: (input: z.input<S>) => Promise<SandboxResult<T>>) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<SandboxResult<T>>();
  const submit = (input: z.input<S>) => {
    const checked = schema.safeParse(input);
    if (!checked.success) {
      setResult({
        ok: false,
        code: "invalid_input",
        error: "Please correct the highlighted fields.",
        fieldErrors: fieldErrorsOf(checked.error.issues),
      });
      return;
    }
    startTransition(async () => {
      const answer = await action(input);
      setResult(answer);
      if (answer.ok) router.refresh();
    });
  };
  return {
    submit,
    pending,
    succeeded: result?.ok === true,
    saved: result?.ok ? result.data : undefined,
    failure: result && !result.ok ? errorText(result.code, result.error) : undefined,
    fieldErrors: result && !result.ok ? (result.fieldErrors ?? {}) : {},
  };
}
