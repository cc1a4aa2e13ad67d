// Representation modes and signing authority (the AI-derived reading of the register's signing rules).
import type { LegalRepresentative, RepresentationMode, SigningAuthority } from "../../lib/registry/schemas.shared";
import type { Language } from "./profile-types";
import type { Rng } from "./random";

type Mode = "sole" | "joint";

const signingTexts: Record<Mode, Partial<Record<Language, string>> & { en: string }> = {
  sole: {
    en: "Individual signature",
    de: "Einzelunterschrift",
    fr: "Signature individuelle",
    it: "Firma singola",
    nl: "Alleen bevoegd",
    cs: "Jedná samostatně",
    es: "Firma solidaria",
  },
  joint: {
    en: "Joint signature by two",
    de: "Kollektivunterschrift zu zweien",
    fr: "Signature collective à deux",
    it: "Firma congiunta a due",
    nl: "Gezamenlijk bevoegd",
    cs: "Jedná společně se dvěma členy",
    es: "Firma mancomunada",
  },
};

export interface SigningOptions {
  mode: Mode;
  language: Language;
  currency: string;
  /** Role names a co-signer must hold (joint mode). */
  coSignerRoles?: string[];
  namedCoSigners?: string[];
  amountLimit?: number;
}

export function representationMode(options: SigningOptions): RepresentationMode {
  const text = signingTexts[options.mode];
  return {
    mode: options.mode,
    particularity: { localText: text[options.language] ?? text.en, englishTranslation: text.en },
    minimumSignatories: options.mode === "joint" ? 2 : 1,
    namedCoSigners: options.namedCoSigners ?? [],
  };
}

export function signingAuthority(options: SigningOptions): SigningAuthority {
  const text = signingTexts[options.mode];
  const excerpt = text[options.language] ?? text.en;
  return {
    verdict: options.mode === "sole" ? (options.amountLimit ? "sole_within_limits" : "sole") : "joint_required",
    rules: [
      {
        scope: options.amountLimit ? "transactions" : "general",
        mode: options.mode,
        sourceExcerpt: options.amountLimit ? `${excerpt} (≤ ${options.currency} ${options.amountLimit})` : excerpt,
        ...(options.amountLimit ? { amountLimit: { amount: options.amountLimit, currency: options.currency, comparator: "up_to" } } : {}),
        ...(options.mode === "joint"
          ? { coSigners: { minimum: 1, named: options.namedCoSigners ?? [], roles: options.coSignerRoles ?? [] } }
          : {}),
      },
    ],
    confidence: "high",
    derivedFrom: "ai",
  };
}

/** Adds representation mode, signing powers and signing authority to a representative. */
export function withSigning(rep: LegalRepresentative, options: SigningOptions): LegalRepresentative {
  const mode = representationMode(options);
  return { ...rep, representationMode: mode, signingPowers: mode.particularity, signingAuthority: signingAuthority(options) };
}

export function randomSigning(rng: Rng, language: Language, currency: string): SigningOptions {
  const mode: Mode = rng.chance(0.7) ? "sole" : "joint";
  return { mode, language, currency, amountLimit: mode === "sole" && rng.chance(0.3) ? rng.pick([50000, 100000, 250000]) : undefined };
}
