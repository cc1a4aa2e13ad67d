import { creditCentsAsMoney, creditCentsTitle } from "@/components/money/credit-cents";

/** An amount the registry states in credit cents, shown as money; the exact figure in credit cents on hover. */
export function CreditCentsAmount({ cents }: { cents: number }) {
  return (
    <span title={creditCentsTitle(cents)} className="tabular-nums">
      {creditCentsAsMoney(cents)}
    </span>
  );
}

/** Tiers as "warning 500.00, critical 1,000.00", each amount from its credit cents. */
export function TierList({ tiers }: { tiers: readonly { tier: string; cents: number }[] }) {
  if (!tiers.length) return <span className="text-muted-foreground">no tiers</span>;
  return (
    <>
      {tiers.map(({ tier, cents }, index) => (
        <span key={`${tier}-${index}`}>
          {index > 0 && ", "}
          {tier} <CreditCentsAmount cents={cents} />
        </span>
      ))}
    </>
  );
}
