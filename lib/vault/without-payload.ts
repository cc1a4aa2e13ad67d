import "server-only";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import type { VaultPayload } from "./payload-schema";

function payloadValues(payload: VaultPayload): string[] {
  return Object.values(payload).flatMap((value) => (typeof value === "string" ? [value] : value.flatMap((row) => Object.values(row))));
}

/**
 * The registry's refusal of a PUT with any payload value it echoed taken out (a registry may quote the field it
 * refuses), so the error path never carries one to the browser.
 */
export function withoutPayload(info: RegistryErrorInfo, payload: VaultPayload): RegistryErrorInfo {
  const values = payloadValues(payload).filter((value) => value.length > 0);
  const scrub = (text: string) => values.reduce((clean, value) => clean.split(value).join("[a submitted value]"), text);
  return { ...info, message: scrub(info.message), details: info.details.map(scrub) };
}
