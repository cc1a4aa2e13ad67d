import Link from "next/link";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { seconds } from "@/lib/vocabulary/units.shared";
import { ErrorWords } from "./error-words";
import { ConnectionKeyRemedy } from "./connection-key-remedy";

/** A registry call that failed, in words (its code and message under Technical details), with when to try again. */
export function RegistryProblem({ what, error }: { what: string; error: RegistryErrorInfo }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/40 px-4 py-2 text-sm text-destructive">
      {what} failed: <ErrorWords error={error} />
      {error.retryable && (error.retryAfter ? ` Try again in ${seconds(error.retryAfter)}.` : " Reload the page to try again.")}
      <ConnectionKeyRemedy code={error.code} />
    </div>
  );
}

/** There is no connection to read through: the one message, with the way to add one for those who may. */
export function NoConnectionNotice({ message, canAdd }: { message: string; canAdd: boolean }) {
  return (
    <p role="status" className="rounded-md border border-dashed px-4 py-6 text-sm">
      {message}
      {canAdd && (
        <Link href="/settings/connections" className="ml-1 text-primary underline-offset-4 hover:underline">
          Add one
        </Link>
      )}
    </p>
  );
}
