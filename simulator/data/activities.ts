// Economic activities: NACE Rev. 2, ISIC Rev. 4, NACE Rev. 2.1 and, for France, NAF 2025 (the NACE
// Rev. 2.1 class with a letter appended).
import type { Activities } from "../../lib/registry/schemas.shared";
import type { Rng } from "./random";

interface ActivityDef {
  nace: string;
  isic: string;
  nace21: string;
  description: string;
  description21: string;
  /** Sector words (English) this activity fits. */
  keywords: readonly string[];
}

const activityTable: readonly ActivityDef[] = [
  {
    nace: "62.01",
    isic: "6201",
    nace21: "62.10",
    description: "Computer programming activities",
    description21: "Computer programming activities",
    keywords: ["Software", "Technology", "Technologies", "Digital", "IT", "Fintech"],
  },
  {
    nace: "62.02",
    isic: "6202",
    nace21: "62.20",
    description: "Computer consultancy activities",
    description21: "Computer consultancy and computer facilities management activities",
    keywords: ["Technology", "Technologies", "IT", "Electronics"],
  },
  {
    nace: "70.22",
    isic: "7020",
    nace21: "70.20",
    description: "Business and other management consultancy activities",
    description21: "Business and other management consultancy activities",
    keywords: ["Consulting", "Consult", "Management", "Services", "Fiduciary"],
  },
  {
    nace: "64.20",
    isic: "6420",
    nace21: "64.21",
    description: "Activities of holding companies",
    description21: "Activities of holding companies",
    keywords: ["Holdings", "Holding", "Capital", "Investment", "Investments", "Global Business", "Establishment"],
  },
  {
    nace: "66.30",
    isic: "6630",
    nace21: "66.30",
    description: "Fund management activities",
    description21: "Fund management activities",
    keywords: ["Asset Management", "Finance", "Capital"],
  },
  {
    nace: "68.20",
    isic: "6810",
    nace21: "68.20",
    description: "Renting and operating of own or leased real estate",
    description21: "Rental and operating of own or leased real estate",
    keywords: ["Real Estate", "Properties"],
  },
  {
    nace: "41.20",
    isic: "4100",
    nace21: "41.00",
    description: "Construction of residential and non-residential buildings",
    description21: "Construction of residential and non-residential buildings",
    keywords: ["Construction", "Construction Engineering"],
  },
  {
    nace: "49.41",
    isic: "4923",
    nace21: "49.41",
    description: "Freight transport by road",
    description21: "Freight transport by road",
    keywords: ["Logistics", "Transport"],
  },
  {
    nace: "52.29",
    isic: "5229",
    nace21: "52.26",
    description: "Other transportation support activities",
    description21: "Other transportation support activities",
    keywords: ["Logistics", "Shipping"],
  },
  {
    nace: "46.90",
    isic: "4690",
    nace21: "46.90",
    description: "Non-specialised wholesale trade",
    description21: "Non-specialised wholesale trade",
    keywords: ["Trading", "Trade", "Distribution", "International", "Industrial"],
  },
  {
    nace: "10.89",
    isic: "1079",
    nace21: "10.89",
    description: "Manufacture of other food products n.e.c.",
    description21: "Manufacture of other food products n.e.c.",
    keywords: ["Foods", "Seafood", "Agro", "Fisheries", "Sugar Estates"],
  },
  {
    nace: "28.99",
    isic: "2829",
    nace21: "28.99",
    description: "Manufacture of other special-purpose machinery n.e.c.",
    description21: "Manufacture of other special-purpose machinery n.e.c.",
    keywords: ["Engineering", "Mechanics", "Precision Engineering", "Industrial"],
  },
  {
    nace: "35.11",
    isic: "3510",
    nace21: "35.11",
    description: "Production of electricity",
    description21: "Production of electricity from non-renewable sources",
    keywords: ["Energy"],
  },
  {
    nace: "21.20",
    isic: "2100",
    nace21: "21.20",
    description: "Manufacture of pharmaceutical preparations",
    description21: "Manufacture of pharmaceutical preparations",
    keywords: ["Pharmaceutical"],
  },
  {
    nace: "13.20",
    isic: "1312",
    nace21: "13.20",
    description: "Weaving of textiles",
    description21: "Weaving of textiles",
    keywords: ["Textiles"],
  },
  {
    nace: "55.10",
    isic: "5510",
    nace21: "55.10",
    description: "Hotels and similar accommodation",
    description21: "Hotels and similar accommodation",
    keywords: ["Tourism", "Yachting"],
  },
  {
    nace: "94.99",
    isic: "9499",
    nace21: "94.99",
    description: "Activities of other membership organisations n.e.c.",
    description21: "Activities of other membership organisations n.e.c.",
    keywords: [],
  },
  {
    nace: "47.11",
    isic: "4711",
    nace21: "47.11",
    description: "Retail sale in non-specialised stores with food predominating",
    description21: "Non-specialised retail sale of predominately food, beverages or tobacco",
    keywords: ["Foods"],
  },
];

const membershipActivity = activityTable.find((a) => a.nace === "94.99") as ActivityDef;

/** The activities fitting a sector word (any activity when none fits); membership activity for non-profits. */
export function chooseActivities(rng: Rng, sectorEnglish: string, nonProfit: boolean, count: number): ActivityDef[] {
  if (nonProfit) return [membershipActivity];
  const fitting = activityTable.filter((a) => a.keywords.includes(sectorEnglish));
  const primary = fitting.length ? rng.pick(fitting) : rng.pick(activityTable);
  const others = rng.sample(
    activityTable.filter((a) => a !== primary && a !== membershipActivity),
    count - 1,
  );
  return [primary, ...others];
}

export function activitiesSection(defs: readonly ActivityDef[], withNaf2025: boolean): Activities {
  const activities: Activities = {
    NACE: defs.map((a) => ({ code: a.nace, description: a.description })),
    ISIC: defs.map((a) => ({ code: a.isic, description: a.description })),
    NACE_REV21: defs.map((a) => ({ code: a.nace21, description: a.description21 })),
  };
  if (withNaf2025) activities.NAF_2025 = defs.map((a) => ({ code: `${a.nace21}${nafLetter(a.nace21)}`, description: a.description21 }));
  return activities;
}

/** NAF 2025 subclass letter: "Y" when the class is not subdivided, else "A". */
function nafLetter(code: string): string {
  return code.endsWith("0") ? "Y" : "A";
}

export type { ActivityDef };
