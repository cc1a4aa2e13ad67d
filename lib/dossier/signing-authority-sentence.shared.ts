import type { LegalRepresentative } from "@/lib/registry/schemas.shared";
import { formatNumber } from "./display-formats.shared";

type Rule = NonNullable<NonNullable<LegalRepresentative["signingAuthority"]>["rules"]>[number];

function joinOr(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

function numberWord(n: number): string {
  return ["no", "one", "two", "three", "four", "five"][n] ?? formatNumber(n);
}

/** Who must sign beside this representative, in words ("one of Anna Weber or Max Kohl", "one other signatory"). */
function coSignersPhrase(rule: Rule | undefined, namedFromMode: string[], minimumSignatories: number | undefined): string {
  const named = rule?.coSigners?.named?.length ? rule.coSigners.named : namedFromMode;
  const roles = rule?.coSigners?.roles ?? [];
  const others = rule?.coSigners?.minimum ?? (minimumSignatories && minimumSignatories > 1 ? minimumSignatories - 1 : 1);
  if (named.length > 0) return others > 1 ? `${numberWord(others)} of ${joinOr(named)}` : `one of ${joinOr(named)}`;
  if (roles.length > 0) return `${numberWord(others)} ${others > 1 ? "people" : "person"} holding the role ${joinOr(roles)}`;
  return others > 1 ? `${numberWord(others)} other signatories` : "one other signatory";
}

/**
 * The plain-language signing line of a legal representative, built from `representationMode` and
 * `signingAuthority`: "Can sign alone up to 50,000 EUR; above that together with one of …".
 * Undefined when the register reports neither. Unknown modes are named as the API sent them.
 */
export function signingAuthoritySentence(rep: Pick<LegalRepresentative, "representationMode" | "signingAuthority">): string | undefined {
  const modeInfo = rep.representationMode ?? undefined;
  const authority = rep.signingAuthority;
  const rules = authority?.rules ?? [];
  const limited = rules.find((r) => r.amountLimit?.amount !== undefined);
  const mode = limited?.mode ?? rules[0]?.mode ?? modeInfo?.mode;
  if (!mode && !authority?.verdict) return undefined;
  const namedFromMode = modeInfo?.namedCoSigners ?? [];
  const minimum = modeInfo?.minimumSignatories;

  if (mode === "sole" && limited?.amountLimit?.amount !== undefined) {
    const { amount, currency, comparator } = limited.amountLimit;
    const limit = `${formatNumber(amount)}${currency ? ` ${currency}` : ""}`;
    const bound = comparator === undefined || comparator === "up_to" ? `up to ${limit}` : `(${comparator} ${limit})`;
    return `Can sign alone ${bound}; above that together with ${coSignersPhrase(limited, namedFromMode, 2)}.`;
  }
  if (mode === "sole") return "Can sign alone, without limit.";
  if (mode === "joint") {
    const rule = rules.find((r) => r.mode === "joint") ?? rules[0];
    return `Can sign only together with ${coSignersPhrase(rule, namedFromMode, minimum ?? 2)}.`;
  }
  if (mode) return `Signing mode "${mode}" (as the register states it).`;
  return `Signing verdict "${authority!.verdict}" (as the register states it).`;
}

/** How the signing line was obtained: "AI-derived, confidence high", or undefined when read directly. */
export function signingAuthorityProvenance(rep: Pick<LegalRepresentative, "signingAuthority">): string | undefined {
  const authority = rep.signingAuthority;
  if (!authority) return undefined;
  const parts = [
    authority.derivedFrom === "ai" ? "AI-derived" : authority.derivedFrom && `derived from ${authority.derivedFrom}`,
    authority.confidence && `confidence ${authority.confidence}`,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : undefined;
}
