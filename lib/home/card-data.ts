import "server-only";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import { errorText } from "@/lib/vocabulary/words.shared";

/** What one home card has to show: its data, or why it could not be read (the card says so; the others still show). */
export type CardData<T> = { value: T; failure?: undefined } | { value?: undefined; failure: string };

/**
 * Runs a card's reads so that a failure stays in that card: a registry refusal in its own words (code and message),
 * anything else as one line, with the error kept for the server log.
 */
export async function loadCard<T>(card: string, load: () => Promise<T>): Promise<CardData<T>> {
  try {
    return { value: await load() };
  } catch (error) {
    if (error instanceof RegistryError) return { failure: errorText(error.code, error.message) };
    console.error(`home card "${card}" failed`, error);
    return { failure: "Reading this failed on the server; the other cards are not affected. Reload to try again." };
  }
}
