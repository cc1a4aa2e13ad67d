// German register references. Canonical form (as in the vendor's examples): "<court> <register> <number>",
// e.g. "Berlin (Charlottenburg) HRB 12345" or "München HRB 228960". Search also accepts abbreviated
// court codes ("B", "M", "HH"), the court and the number in either order ("HRB 12345 B",
// "12345 HRB Berlin") and partial references without a court ("HRB 12345", "12345").

export interface GermanCourt {
  name: string;
  city: string;
  postalPrefix: string;
  aliases: readonly string[];
}

export const germanCourts: readonly GermanCourt[] = [
  {
    name: "Berlin (Charlottenburg)",
    city: "Berlin",
    postalPrefix: "10",
    aliases: ["Charlottenburg", "Berlin", "Berlin-Charlottenburg", "B"],
  },
  { name: "München", city: "München", postalPrefix: "80", aliases: ["Muenchen", "Munich", "M"] },
  { name: "Hamburg", city: "Hamburg", postalPrefix: "20", aliases: ["HH"] },
  { name: "Frankfurt am Main", city: "Frankfurt am Main", postalPrefix: "60", aliases: ["Frankfurt", "Frankfurt a.M.", "FFM", "F"] },
  { name: "Köln", city: "Köln", postalPrefix: "50", aliases: ["Koeln", "Cologne", "K"] },
  { name: "Düsseldorf", city: "Düsseldorf", postalPrefix: "40", aliases: ["Duesseldorf", "D"] },
  { name: "Stuttgart", city: "Stuttgart", postalPrefix: "70", aliases: ["S"] },
  { name: "Hannover", city: "Hannover", postalPrefix: "30", aliases: ["Hanover", "H"] },
  { name: "Dresden", city: "Dresden", postalPrefix: "01", aliases: ["DD"] },
  { name: "Leipzig", city: "Leipzig", postalPrefix: "04", aliases: ["L"] },
  { name: "Bremen", city: "Bremen", postalPrefix: "28", aliases: ["HB"] },
  { name: "Nürnberg", city: "Nürnberg", postalPrefix: "90", aliases: ["Nuernberg", "Nuremberg", "N"] },
  { name: "Mannheim", city: "Mannheim", postalPrefix: "68", aliases: ["MA"] },
  { name: "Essen", city: "Essen", postalPrefix: "45", aliases: ["E"] },
];

/** Register types: HRB (capital companies), HRA (partnerships, registered merchants), VR (associations), PR, GnR. */
export const germanRegisters = ["HRB", "HRA", "VR", "PR", "GnR"] as const;
export type GermanRegister = (typeof germanRegisters)[number];

export interface GermanReference {
  court?: GermanCourt;
  register?: GermanRegister;
  number?: string;
  /** Text that named no known court (the reference then matches nothing). */
  unknownCourt?: string;
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const courtByAlias = new Map<string, GermanCourt>(
  germanCourts.flatMap((court) => [court.name, court.city, ...court.aliases].map((alias) => [fold(alias), court] as const)),
);

export function findGermanCourt(text: string): GermanCourt | undefined {
  const folded = fold(text).replace(/^(amtsgericht|registergericht|ag)\s+/, "");
  return courtByAlias.get(folded);
}

const registerPattern = /\b(HRB|HRA|VR|PR|GnR)\s*\.?\s*(\d{1,6})(?!\d)/i;
const numberFirstPattern = /(?<![\w])(\d{1,6})\s*(HRB|HRA|VR|PR|GnR)\b/i;
const numberPattern = /(?<![\w])(\d{1,6})(?!\d)/;

/** Parses a German reference in any accepted form; null when it holds no register number at all. */
export function parseGermanReference(input: string): GermanReference | null {
  const text = input.trim();
  const typeFirst = registerPattern.exec(text);
  const numberFirst = typeFirst ? null : numberFirstPattern.exec(text);
  const match = typeFirst ?? numberFirst ?? numberPattern.exec(text);
  if (!match) return null;
  const registerText = typeFirst?.[1] ?? numberFirst?.[2];
  const register = registerText ? germanRegisters.find((r) => r.toLowerCase() === registerText.toLowerCase()) : undefined;
  const number = String(Number(typeFirst ? typeFirst[2] : match[1]));
  const rest = (text.slice(0, match.index) + " " + text.slice(match.index + match[0].length)).replace(/[(),;]/g, " ").trim();
  if (!rest) return { register, number };
  const court = findGermanCourt(rest) ?? findGermanCourt(rest.replace(/\s+/g, " "));
  return court ? { court, register, number } : { register, number, unknownCourt: rest };
}

export function formatGermanReference(court: GermanCourt, register: GermanRegister, number: string): string {
  return `${court.name} ${register} ${number}`;
}

/** The canonical form when the reference is complete (court, register and number), else null. */
export function canonicalGermanReference(input: string): string | null {
  const ref = parseGermanReference(input);
  if (!ref?.court || !ref.register || !ref.number) return null;
  return formatGermanReference(ref.court, ref.register, ref.number);
}
