// A compact way to write legal-form tables.
import type { FormFamily } from "./identifiers";
import type { Governance, LegalFormDef, LegalFormInput } from "./profile-types";

type Standard = LegalFormDef["standardized"];

/** lf(local name, abbreviation, English, English suffix, standard, family, governance, weight, ELF code?) */
export function lf(
  localName: string,
  abbreviation: string,
  english: string,
  englishSuffix: string,
  standardized: Standard,
  family: FormFamily,
  governance: Governance,
  weight: number,
  elf?: string,
): LegalFormInput {
  return { localName, abbreviation, english, englishSuffix, standardized, family, governance, weight, elf };
}

/** The four forms most compact profiles need: limited company, joint-stock company, sole trader, association. */
export function standardForms(names: {
  llc: [string, string];
  jsc: [string, string];
  sole: [string, string];
  association: [string, string];
}): LegalFormInput[] {
  return [
    lf(names.llc[0], names.llc[1], "Limited liability company", "Ltd", "Limited Liability Company", "capital", "managers", 70),
    lf(names.jsc[0], names.jsc[1], "Joint-stock company", "PLC", "Corporation", "jointStock", "board", 12),
    lf(names.sole[0], names.sole[1], "Sole proprietorship", "", "Sole Proprietorship", "sole", "owner", 12),
    lf(names.association[0], names.association[1], "Association", "", "Nonprofit Organization", "nonProfit", "association", 6),
  ];
}
