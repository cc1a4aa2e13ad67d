import type { Address, Money, PersonName } from "@/lib/registry/schemas.shared";

const numberFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });

/** 50000 → "50,000"; fractions kept to two places. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** Money as the register gave it: its own formatting when present, otherwise amount and currency. */
export function formatMoney(money: Money | undefined): string | undefined {
  if (!money) return undefined;
  return money.formatted ?? `${formatNumber(money.amount)} ${money.currency}`;
}

/** 12.5 → "12.5 %": a percentage with its sign, for the dossier. */
export function formatPercent(value: number): string {
  return `${formatNumber(value)} %`;
}

/** An address on one line, skipping what the register left out. */
export function formatAddress(address: Address | undefined): string | undefined {
  if (!address) return undefined;
  const line = [
    address.careOf && `c/o ${address.careOf}`,
    address.addressLine1,
    address.addressLine2,
    address.poBox && `PO Box ${address.poBox}`,
    [address.postalCode, address.city].filter(Boolean).join(" "),
    address.region ?? address.state,
    address.countryCode,
  ]
    .filter((part) => part && String(part).trim())
    .join(", ");
  return line || undefined;
}

/** A person's name: the full name, or its parts. */
export function formatPersonName(name: PersonName | undefined): string | undefined {
  if (!name) return undefined;
  return (
    name.fullName ?? ([name.title, name.firstName, name.middleName, name.lastName, name.suffix].filter(Boolean).join(" ") || undefined)
  );
}

/** YYYY-MM-DD from an ISO date or date-time; anything else as it came. */
export function formatDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value;
}
