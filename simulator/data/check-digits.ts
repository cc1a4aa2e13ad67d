// Check-digit algorithms of the national identifiers the sandbox generates.

const toDigits = (s: string) => Array.from(s, (ch) => Number(ch));

/** Luhn check digit to append to `payload` (FR SIREN/SIRET, IT partita IVA, SE organisation numbers). */
export function luhnCheckDigit(payload: string): number {
  const sum = toDigits(payload)
    .reverse()
    .reduce((acc, d, i) => {
      if (i % 2 === 1) return acc + d;
      const doubled = d * 2;
      return acc + (doubled > 9 ? doubled - 9 : doubled);
    }, 0);
  return (10 - (sum % 10)) % 10;
}

export function isLuhnValid(value: string): boolean {
  return /^\d+$/.test(value) && luhnCheckDigit(value.slice(0, -1)) === Number(value.slice(-1));
}

/** Weighted sum of digits. */
export function weightedSum(payload: string, weights: readonly number[]): number {
  return toDigits(payload).reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0);
}

/** Swiss UID (CHE): weights 5,4,3,2,7,6,5,4; 11 - sum mod 11; 10 is impossible (null). */
export function swissUidCheckDigit(payload: string): number | null {
  const check = 11 - (weightedSum(payload, [5, 4, 3, 2, 7, 6, 5, 4]) % 11);
  if (check === 10) return null;
  return check === 11 ? 0 : check;
}

/** Czech and Slovak IČO: weights 8..2; (11 - sum mod 11) mod 10. */
export function icoCheckDigit(payload: string): number {
  return (11 - (weightedSum(payload, [8, 7, 6, 5, 4, 3, 2]) % 11)) % 10;
}

/** Modulus-11 with the given weights where the full number's weighted sum must be divisible by 11 (DK CVR). */
export function mod11Valid(value: string, weights: readonly number[]): boolean {
  return weightedSum(value, weights) % 11 === 0;
}

/** 11 - (sum mod 11), where 11 gives 0 and 10 is impossible (null): NO, PT, FI-style variants. */
export function mod11Complement(payload: string, weights: readonly number[]): number | null {
  const remainder = weightedSum(payload, weights) % 11;
  if (remainder === 0) return 0;
  if (remainder === 1) return null;
  return 11 - remainder;
}

/** Belgian enterprise number: the last two digits are 97 - (first eight mod 97). */
export function belgianCheck(payload8: string): string {
  return String(97 - (Number(payload8) % 97)).padStart(2, "0");
}

/** Bulgarian UIC (9 digits): weights 1..8 mod 11, falling back to 3..10; 10 becomes 0. */
export function bulgarianUicCheckDigit(payload: string): number {
  const first = weightedSum(payload, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
  if (first !== 10) return first;
  const second = weightedSum(payload, [3, 4, 5, 6, 7, 8, 9, 10]) % 11;
  return second === 10 ? 0 : second;
}

/** Russian OGRN (13 digits): the first twelve as a number, mod 11, mod 10. */
export function ogrnCheckDigit(payload12: string): number {
  return Number(BigInt(payload12) % 11n) % 10;
}

/** Russian INN of a legal entity (10 digits). */
export function innCheckDigit(payload9: string): number {
  return (weightedSum(payload9, [2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
}

/** Greek AFM (9 digits): sum of d_i * 2^(8-i) mod 11 mod 10. */
export function greekAfmCheckDigit(payload8: string): number {
  return (weightedSum(payload8, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10;
}

/** ISO 7064 MOD 11,10 (Croatian OIB). */
export function iso7064Mod1110(payload: string): number {
  let product = 10;
  for (const d of toDigits(payload)) {
    let sum = (d + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  return (11 - product) % 10;
}

const alnumValue = (ch: string) => (/\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55);

/** ISO 7064 MOD 97-10 check digits for an alphanumeric payload (LEI, ISO 17442). */
export function mod97CheckDigits(payload: string): string {
  const numeric = Array.from(payload.toUpperCase() + "00", (ch) => String(alnumValue(ch))).join("");
  return String(98 - Number(BigInt(numeric) % 97n)).padStart(2, "0");
}

const usccAlphabet = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const usccWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Chinese Unified Social Credit Code (GB 32100-2015) check character for a 17-character payload. */
export function usccCheckChar(payload17: string): string {
  const sum = Array.from(payload17).reduce((acc, ch, i) => acc + usccAlphabet.indexOf(ch) * (usccWeights[i] ?? 0), 0);
  return usccAlphabet.charAt((31 - (sum % 31)) % 31);
}
export const usccCharacters = usccAlphabet;

/** Spanish CIF control: a digit for S.A./S.L. (letters A, B), a letter for associations (G, N, P, Q, S…). */
export function spanishCifControl(letter: string, payload7: string): string {
  const digits = toDigits(payload7);
  let sum = 0;
  digits.forEach((d, i) => {
    if (i % 2 === 1) sum += d;
    else {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  });
  const control = (10 - (sum % 10)) % 10;
  return "ABCDEFGHJUV".includes(letter) ? String(control) : "JABCDEFGHI".charAt(control);
}

/** Austrian Firmenbuch check letter (weights 6,4,14,15,10,1 mod 17). */
export function austrianFnCheckLetter(payload: string): string {
  const padded = payload.padStart(6, "0");
  return "abdfghikmpstvwxyz".charAt(weightedSum(padded, [6, 4, 14, 15, 10, 1]) % 17);
}

/** French VAT key: (12 + 3 * (SIREN mod 97)) mod 97. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0");
}

/** Romanian CUI: control key 753217532 right-aligned; (sum * 10) mod 11, 10 gives 0. */
export function romanianCuiCheckDigit(payload: string): number {
  const key = [7, 5, 3, 2, 1, 7, 5, 3, 2].slice(-payload.length);
  const check = (weightedSum(payload, key) * 10) % 11;
  return check === 10 ? 0 : check;
}
