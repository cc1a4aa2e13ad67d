import { registryCountries, type RegistryCountry } from "../lib/registry/countries.shared";
import { getProfile } from "./data/country-profiles";

/** Billing blocks: the datapoints bought together, and the catalog base price in credits. */
export const blocks = [
  { sku: "company", datapoints: ["company", "companyProfile", "legalRepresentatives", "otherKeyPersons", "establishments"], base: 2 },
  { sku: "ubo", datapoints: ["ultimateBeneficialOwners"], base: 4 },
  { sku: "shareholders", datapoints: ["shareholders"], base: 2 },
  { sku: "subsidiaries", datapoints: ["subsidiaries"], base: 3 },
  { sku: "graph", datapoints: ["graph"], base: 0 },
  { sku: "documents_listing", datapoints: ["availableDocuments"], base: 0 },
] as const;

export type BlockSku = (typeof blocks)[number]["sku"];

export function blockOf(datapoint: string): (typeof blocks)[number] | undefined {
  return blocks.find((b) => (b.datapoints as readonly string[]).includes(datapoint));
}

/** Countries whose registers publish subsidiaries (with ranges); the rest do not offer the datapoint. */
export const subsidiaryCountries: readonly RegistryCountry[] = ["FR", "BE", "DE", "GB"];
const noUboRegister: readonly RegistryCountry[] = ["CN", "HK", "RU", "SG", "VG"];
/** Countries with a beta register connection in the catalog. */
export const betaCountries: readonly RegistryCountry[] = ["CN", "HK", "RU", "SG", "VG", "MU", "GG", "JE", "MC"];
/**
 * Monitoring is offered in fewer countries than retrieval: the spec's enum lists these four, the vendor's
 * documentation of monitoring does not, and an unsupported country answers 400. The simulator refuses them.
 */
export const monitoringExcluded: readonly RegistryCountry[] = ["CN", "MC", "RU", "VG"];
export const monitoringCountries: readonly RegistryCountry[] = registryCountries.filter((c) => !monitoringExcluded.includes(c));

export function supportsDatapoint(country: RegistryCountry, datapoint: string): boolean {
  if (datapoint === "subsidiaries") return subsidiaryCountries.includes(country);
  if (datapoint === "ultimateBeneficialOwners") return !noUboRegister.includes(country);
  return blockOf(datapoint) !== undefined;
}

/** A stable per-country price factor between 1 and 2, in steps of 0.25. */
function countryFactor(country: string): number {
  const n = [...country].reduce((sum, ch) => sum * 31 + ch.charCodeAt(0), 7);
  return 1 + (n % 5) * 0.25;
}

/**
 * Catalog price of a block. The graph is priced per company fetched (the root included), so its
 * price is the country's cost of one company; a request pays what its exploration spent.
 */
export function blockPrice(country: RegistryCountry, sku: BlockSku): number {
  if (sku === "graph") return getProfile(country).graphCompanyCost;
  const block = blocks.find((b) => b.sku === sku)!;
  return Math.round(block.base * countryFactor(country) * 100) / 100;
}

/** A block's price in a request mode: onboarding (fast, from bulk data) costs half of verification. */
export function modePrice(country: RegistryCountry, sku: BlockSku, mode: string | undefined): number {
  const price = blockPrice(country, sku);
  return mode === "onboarding" ? Math.round(price * 50) / 100 : price;
}

export function datapointPrice(country: RegistryCountry, datapoint: string): number {
  const block = blockOf(datapoint);
  return block ? blockPrice(country, block.sku) : 0;
}

/** GET /v2/pricing for one country. */
export function pricingResponse(country: RegistryCountry) {
  const entry = (datapoint: string) => ({
    available: supportsDatapoint(country, datapoint),
    price: datapointPrice(country, datapoint),
    pricingMode: "variable",
  });
  const freeBlocks = blocks.filter((b) => blockPrice(country, b.sku) === 0);
  return {
    blocks: blocks.map((b) => ({
      sku: b.sku,
      datapoints: [...b.datapoints],
      modes: {
        verification: { price: blockPrice(country, b.sku), authoritative: true },
        onboarding: { price: modePrice(country, b.sku, "onboarding"), authoritative: false },
      },
      includedDocuments: [],
    })),
    companyProfile: entry("companyProfile"),
    company: entry("company"),
    legalRepresentatives: entry("legalRepresentatives"),
    otherKeyPersons: entry("otherKeyPersons"),
    establishments: entry("establishments"),
    ultimateBeneficialOwners: entry("ultimateBeneficialOwners"),
    shareholders: entry("shareholders"),
    subsidiaries: entry("subsidiaries"),
    availableDocuments: { available: true, price: 0, pricingMode: "fixed" },
    graph: entry("graph"),
    monitoring: Object.fromEntries(freeBlocks.flatMap((b) => b.datapoints.map((d) => [d, { price: 0 }]))),
  };
}

/** GET /v2/catalog: every country with its development status. */
export function catalogResponse() {
  return {
    countries: registryCountries.map((code) => ({
      countryCode: code,
      developmentStatus: betaCountries.includes(code) ? "beta" : "live",
      monitoring: monitoringCountries.includes(code),
      datapoints: blocks.flatMap((b) => b.datapoints).filter((d) => supportsDatapoint(code, d)),
      classificationEditions: { iso20275: "1.6 (2026-02)", iso5009: "1.0.0 (2023-06)" },
    })),
  };
}
