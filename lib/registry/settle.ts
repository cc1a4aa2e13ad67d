import "server-only";
import { RegistryError, type RegistryErrorInfo } from "./registry-error.shared";

export type Settled<T> = { value: T; error?: undefined } | { value?: undefined; error: RegistryErrorInfo };

/** A registry read as a value or the registry's refusal in its words, for a page to show in place; other errors still throw. */
export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => {
      if (error instanceof RegistryError) return { error: error.toInfo() };
      throw error;
    },
  );
}
