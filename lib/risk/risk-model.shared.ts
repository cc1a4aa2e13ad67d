/**
 * The risk model: a document of rules, each with its points and parameters, the lists the admins maintain and the
 * thresholds that turn a score into a rating. Published versions are stored whole (risk_model_versions) and never
 * edited, so a rating names the version that explains it. The Settings → Risk form validates with the same schema.
 */
import { z } from "zod";
import { riskRatings } from "@/db/vocabulary";
import { complianceFlagNames } from "@/lib/registry/schemas.shared";

export type RiskRating = (typeof riskRatings)[number];
export type ComplianceFlagName = (typeof complianceFlagNames)[number];

const points = z
  .number({ error: "Points must be a whole number." })
  .int({ error: "Points must be a whole number." })
  .min(0, { error: "Points cannot be negative." })
  .max(1000, { error: "Points are at most 1,000." });

const positiveWhole = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a whole number.` })
    .int({ error: `${what} must be a whole number.` })
    .min(1, { error: `${what} must be at least 1.` })
    .max(max, { error: `${what} is at most ${max.toLocaleString("en")}.` });

const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: "A country is its two-letter code (for example IR)." });

/** The rules, by id: each gives `points` when it applies; 0 turns it off. */
export const riskRulesSchema = z.object({
  /** The company is registered in a country on the high-risk list. */
  listedCountry: z.object({ points }),
  /** Each active compliance flag, each with its own weight. */
  complianceFlags: z.object({
    points: z.object(Object.fromEntries(complianceFlagNames.map((name) => [name, points])) as Record<ComplianceFlagName, typeof points>),
  }),
  /** No beneficial owner identified at all. */
  noBeneficialOwner: z.object({ points }),
  /** Beneficial owners are listed, but none holds at least `percent`. */
  noOwnerAtThreshold: z.object({ points, percent: positiveWhole("The percentage", 100) }),
  /** The graph names a UBO proxy (a person standing in where no owner qualifies). */
  uboProxy: z.object({ points }),
  /** The ownership chain is deeper than `layers` holding levels. */
  deepOwnership: z.object({ points, layers: positiveWhole("The number of layers", 50) }),
  /** The ownership graph has a cycle. */
  ownershipCycle: z.object({ points }),
  /** An owner or an officer is in a country on the high-risk list. */
  partyInListedCountry: z.object({ points }),
  /** The company was incorporated less than `months` ago. */
  youngCompany: z.object({ points, months: positiveWhole("The number of months", 600) }),
  /** The company's status is not active. */
  notActive: z.object({ points }),
  /** The company is under insolvency proceedings. */
  insolvency: z.object({ points }),
  /** Its beneficial owners or representatives changed in the last `days` days. */
  recentOwnershipChange: z.object({ points, days: positiveWhole("The number of days", 3650) }),
  /** Its legal form is on the admins' list. */
  listedLegalForm: z.object({ points }),
  /** The ownership graph stopped on budget with parts unexpanded: the rating is incomplete. */
  graphIncomplete: z.object({ points }),
});

export type RiskRules = z.infer<typeof riskRulesSchema>;
export type RiskRuleId = keyof RiskRules;

export const riskModelSchema = z
  .object({
    rules: riskRulesSchema,
    /** Countries the admins list as high risk (for example the high-risk third countries), as two-letter codes. */
    highRiskCountries: z.array(countryCode).max(250, { error: "At most 250 countries." }),
    /** Legal forms the admins list, as the register writes them (matched without regard to case). */
    legalForms: z.array(z.string().trim().min(1).max(200)).max(200, { error: "At most 200 legal forms." }),
    /** A score at or above `medium` rates medium; at or above `high`, high; below, low. */
    thresholds: z.object({ medium: positiveWhole("The medium threshold", 100000), high: positiveWhole("The high threshold", 100000) }),
  })
  .refine((model) => model.thresholds.high > model.thresholds.medium, {
    error: "The high threshold must be above the medium one.",
    path: ["thresholds", "high"],
  });

export type RiskModel = z.infer<typeof riskModelSchema>;

/** The model in force until an admin publishes one: it becomes version 1 the first time ratings are made. */
export const defaultRiskModel: RiskModel = {
  rules: {
    listedCountry: { points: 40 },
    complianceFlags: {
      points: {
        uboConfirmationOverdue: 20,
        uboAdministrativeStrikingOff: 30,
        accountsOverdue: 10,
        annualFilingOverdue: 10,
        registeredCharges: 5,
        insolvencyHistory: 25,
        liquidated: 40,
      },
    },
    noBeneficialOwner: { points: 30 },
    noOwnerAtThreshold: { points: 15, percent: 25 },
    uboProxy: { points: 15 },
    deepOwnership: { points: 10, layers: 4 },
    ownershipCycle: { points: 20 },
    partyInListedCountry: { points: 30 },
    youngCompany: { points: 10, months: 12 },
    notActive: { points: 30 },
    insolvency: { points: 40 },
    recentOwnershipChange: { points: 15, days: 90 },
    listedLegalForm: { points: 10 },
    graphIncomplete: { points: 5 },
  },
  // FATF's "call for action" list as of 2025; the admins keep it current in Settings → Risk.
  highRiskCountries: ["IR", "KP", "MM"],
  legalForms: [],
  thresholds: { medium: 20, high: 50 },
};

/** The rating a score reaches under `thresholds`. */
export function ratingForScore(score: number, thresholds: RiskModel["thresholds"]): RiskRating {
  if (score >= thresholds.high) return "high";
  if (score >= thresholds.medium) return "medium";
  return "low";
}

/** Whether `to` is a higher rating than `from` (a rating where there was none is not a rise). */
export function ratingRose(from: RiskRating | null | undefined, to: RiskRating): boolean {
  return from != null && riskRatings.indexOf(to) > riskRatings.indexOf(from);
}
