import { creditCentsTitle, creditsFromCents } from "@/lib/vocabulary/units.shared";
import { label } from "@/lib/vocabulary/words.shared";

/** An amount the registry states in credit cents, shown in credits; the exact figure in credit cents on hover. */
export function CreditCentsAmount({ cents }: { cents: number }) {
  return (
    <span title={creditCentsTitle(cents)} className="tabular-nums">
      {creditsFromCents(cents)}
    </span>
  );
}

/** Tiers as "Warning: 500 credits, Critical: 1,000 credits", each amount from its credit cents. */
export function TierList({ tiers }: { tiers: readonly { tier: string; cents: number }[] }) {
  if (!tiers.length) return <span className="text-muted-foreground">no tiers</span>;
  return (
    <>
      {tiers.map(({ tier, cents }, index) => (
        <span key={`${tier}-${index}`}>
          {index > 0 && ", "}
          {label("billingTier", tier)}: <CreditCentsAmount cents={cents} />
        </span>
      ))}
    </>
  );
}
