import "server-only";
/**
 * What the risk rules read of a company file, taken once (pure): each fact with its evidence (the field, its value,
 * and its section's source: when the registry delivered it and which request brought it). The facts are stored with every rating
 * (company_ratings.inputs), so a past rating is replayed from them exactly, under the model version it names or any
 * other (lib/risk/evaluate-risk.ts). JSON only: no dates, no maps.
 */
import type { CompanyFileSource } from "@/db/schema";
import { expandable, layoutGraph, layoutInput } from "@/lib/graph/ownership-graph.shared";
import type { Graph, GraphNode } from "@/lib/registry/schemas.shared";

/** Where a fact comes from: the API field (shown only under "Technical details"), its value, as of when, which request. */
export type RiskEvidence = { field: string; value: unknown; asOf: string | null; requestId: string | null };

/** Which request delivered a section, and when. */
export type FactSource = { requestId: string; asOf: string };

/** The sections facts are read from; each names its source once in `RiskFacts.sources`. */
export type FactSection = "company" | "ultimateBeneficialOwners" | "legalRepresentatives" | "shareholders" | "graph";

/** The company file as the facts need it (lib/risk/re-rate.ts reads it; tests build it). */
export type RiskFile = {
  countryCode: string;
  companyId: string;
  companyName: string | null;
  revision: number;
  /** The file's sections (`company`, `ultimateBeneficialOwners`, `legalRepresentatives`, `shareholders`…), as the API sent them. */
  sections: Record<string, unknown>;
  /** Datapoint → where its value came from. */
  sources: Record<string, CompanyFileSource>;
  /** The merged ownership graph, when one was bought. */
  graph: Graph | null;
};

/** A set of people (beneficial owners, or legal representatives) as seen in one delivery: key → name. */
export type PeopleSighting = {
  /** Who, by a key that stays the same across deliveries (normalised name and birth date, else the register's id). */
  names: Record<string, string>;
  source: FactSource | null;
};

/** The newest change of a set of people: when it was delivered (and by which request), who joined and who left. */
export type PeopleChange = { at: string; added: string[]; removed: string[]; source: FactSource | null };

export type PeopleGroup = "ultimateBeneficialOwners" | "legalRepresentatives";

/** An owner or officer and the country they are tied to. */
export type PartyFact = {
  role: "beneficialOwner" | "shareholder" | "graphOwner" | "representative";
  name: string;
  country: string;
  /** How they are tied to it: nationality, residence, or where a company is registered. */
  tie: "nationality" | "residence" | "registered";
  /** The API field that says so. */
  field: string;
};

/**
 * Every fact is its own value with the field it was read from; the section it belongs to names its source once in
 * `sources` (`factEvidence` puts them together). Kept this compact because every rating stores its facts.
 */
export type RiskFacts = {
  /** When the facts were taken: ages and recent windows are measured from it, so a replay reads as it did. */
  at: string;
  fileRevision: number;
  /** Section → the request that delivered it and when. */
  sources: Partial<Record<FactSection, FactSource>>;
  /** The country the company is registered in (the file's). */
  country: string;
  /** The company profile; null when none was delivered. */
  company: {
    /** Active compliance flags, in the register's order. */
    flags: { name: string; since: string | null; dueDate: string | null }[];
    status: { active: boolean | null; status: string | null; closureReason: string | null; insolvencyStartDate: string | null } | null;
    incorporation: { date: string; field: string } | null;
    /** Its legal form's names (local, English, standard). */
    legalForm: string[] | null;
  } | null;
  /**
   * The beneficial owners: how many, the highest share stated (an interval counts at its lower bound), from the
   * beneficial owners datapoint, else (`fromGraph`) from the graph's owners marked beneficial. Null when neither was delivered.
   */
  beneficialOwners: { count: number; highestPercent: number | null; fromGraph: boolean } | null;
  parties: PartyFact[];
  /** The ownership graph; null when none was bought. */
  graph: {
    nodes: number;
    /** The chain's depth: holding layers above the company (its direct owners are layer 1). */
    depth: number;
    /** The companies or people along a cycle (empty: none). */
    cycle: string[];
    uboProxies: string[];
    /** Companies left unexpanded where the graph stopped at the spend cap. */
    unexpanded: string[];
  } | null;
  /** Who the beneficial owners and representatives are now (for the next rating to tell a change), null when not delivered. */
  people: Record<PeopleGroup, PeopleSighting | null>;
  /** Their newest known change. */
  changes: Record<PeopleGroup, PeopleChange | null>;
};

/** A fact's evidence: its field and value, with the source of its section. */
export function factEvidence(facts: Pick<RiskFacts, "sources">, section: FactSection, field: string, value: unknown): RiskEvidence {
  const source = facts.sources[section];
  return { field, value, asOf: source?.asOf ?? null, requestId: source?.requestId ?? null };
}

/** What an earlier rating knew of the people (its facts' `people` and `changes`), or the company's earlier deliveries. */
export type PeopleHistory =
  | { kind: "previous"; people: RiskFacts["people"]; changes: RiskFacts["changes"] }
  | { kind: "sightings"; sightings: Record<PeopleGroup, PeopleSighting[]> };

// ---------------------------------------------------------------------------------------------------
// Reading the API's loose values

type Item = Record<string, unknown>;
const isItem = (value: unknown): value is Item => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const items = (value: unknown): Item[] => (Array.isArray(value) ? value.filter(isItem) : []);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

function personName(name: unknown): string | null {
  if (typeof name === "string") return text(name);
  if (!isItem(name)) return null;
  return text(name.fullName) ?? text([name.firstName, name.middleName, name.lastName].filter((p) => typeof p === "string").join(" "));
}

function birthKey(born: unknown): string {
  if (typeof born === "string") return born.slice(0, 7);
  if (isItem(born)) return [born.year, born.month].map((part) => part ?? "?").join("-");
  return "";
}

/** A person or company's name and identity key in a list entry (`individual`, `company`, or the entry itself). */
function partyOf(entry: Item): { name: string; key: string } | null {
  const person = isItem(entry.individual) ? entry.individual : entry;
  const personal = personName(person.name);
  if (personal) return { name: personal, key: `p:${personal.toLowerCase().replace(/\s+/g, " ")}:${birthKey(person.birthDate)}` };
  const company = isItem(entry.company) ? entry.company : undefined;
  const companyName = text(company?.legalName);
  if (companyName) return { name: companyName, key: `c:${text(company?.id) ?? companyName.toLowerCase()}` };
  const id = text(entry.entityId);
  return id ? { name: id, key: `e:${id}` } : null;
}

/** A two-letter country code, or null (registers sometimes write a nationality in words: that is not matched). */
const countryCode = (value: unknown): string | null => {
  const code = text(value);
  return code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null;
};

/** The source of a section: the newest of the datapoints that fill it. */
function sourceOf(sources: Record<string, CompanyFileSource>, datapoints: readonly string[]): FactSource | undefined {
  let newest: CompanyFileSource | undefined;
  for (const datapoint of datapoints) {
    const source = sources[datapoint];
    if (source && (!newest || source.asOf > newest.asOf)) newest = source;
  }
  return newest && { requestId: newest.requestId, asOf: newest.asOf };
}

/** The datapoints that fill each section the facts read. */
const sectionDatapoints: Record<FactSection, readonly string[]> = {
  company: ["company", "companyProfile"],
  ultimateBeneficialOwners: ["ultimateBeneficialOwners"],
  legalRepresentatives: ["legalRepresentatives", "companyProfile"],
  shareholders: ["shareholders"],
  graph: ["graph"],
};

// ---------------------------------------------------------------------------------------------------
// The company profile

function companyFacts(file: RiskFile): RiskFacts["company"] {
  const company = file.sections.company;
  if (!isItem(company)) return null;
  const flags: NonNullable<RiskFacts["company"]>["flags"] = [];
  if (isItem(company.complianceFlags)) {
    for (const [name, flag] of Object.entries(company.complianceFlags)) {
      if (isItem(flag) && flag.active === true) flags.push({ name, since: text(flag.since), dueDate: text(flag.dueDate) });
    }
  }
  const status = isItem(company.status) ? company.status : undefined;
  const details = isItem(status?.statusDetails) ? status.statusDetails : undefined;
  const legalForm = isItem(company.legalForm) ? company.legalForm : undefined;
  const legalFormNames = [legalForm?.localName, legalForm?.englishTranslation, legalForm?.standardized]
    .map(text)
    .filter((n): n is string => n !== null);
  const incorporated = text(company.incorporationDate);
  const registered = text(company.registrationDate);
  return {
    flags,
    status: status
      ? {
          active: typeof status.active === "boolean" ? status.active : null,
          status: text(details?.status),
          closureReason: text(details?.closureReason),
          insolvencyStartDate: text(details?.insolvencyStartDate),
        }
      : null,
    incorporation: incorporated
      ? { date: incorporated, field: "company.incorporationDate" }
      : registered
        ? { date: registered, field: "company.registrationDate" }
        : null,
    legalForm: legalFormNames.length ? [...new Set(legalFormNames)] : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// Owners

/** The share an owner is stated to hold at least: an exact value, or an interval's lower bound. */
function statedShare(ubo: Item): number | null {
  const control = isItem(ubo.control) ? ubo.control : undefined;
  let highest: number | null = null;
  for (const detail of [...items(control?.details), ...items(control?.percentageDetails)]) {
    const range = isItem(detail.percentageRange) ? detail.percentageRange : isItem(detail.range) ? detail.range : undefined;
    const share = num(detail.percentageValue) ?? num(range?.lower);
    if (share !== null && (highest === null || share > highest)) highest = share;
  }
  return highest;
}

const highest = (shares: (number | null)[]) => {
  const stated = shares.filter((s): s is number => s !== null);
  return stated.length ? Math.max(...stated) : null;
};

function beneficialOwnerFacts(file: RiskFile): RiskFacts["beneficialOwners"] {
  const listed = file.sections.ultimateBeneficialOwners;
  if (Array.isArray(listed)) {
    const owners = items(listed);
    return { count: owners.length, highestPercent: highest(owners.map(statedShare)), fromGraph: false };
  }
  if (!file.graph) return null;
  const owners = file.graph.nodes.filter((n) => n.flags?.isUbo === true);
  return { count: owners.length, highestPercent: highest(owners.map((n) => num(n.totalOwnershipPercentage))), fromGraph: true };
}

function nodeName(node: GraphNode): string {
  return text(node.company?.legalName) ?? personName(node.individual?.name) ?? text(node.company?.id) ?? node.nodeId;
}

function partyFacts(file: RiskFile): PartyFact[] {
  const parties: PartyFact[] = [];
  const seen = new Set<string>();
  const add = (role: PartyFact["role"], name: string, country: string | null, tie: PartyFact["tie"], field: string) => {
    if (!country) return;
    const key = `${role}\u0000${name}\u0000${country}`;
    if (seen.has(key)) return;
    seen.add(key);
    parties.push({ role, name, country, tie, field });
  };
  const fromEntry = (role: PartyFact["role"], entry: Item, field: string) => {
    const party = partyOf(entry);
    if (!party) return;
    const company = isItem(entry.company) ? entry.company : undefined;
    const person = isItem(entry.individual) ? entry.individual : company ? undefined : entry;
    const residence = isItem(person?.residenceAddress) ? person.residenceAddress : undefined;
    const personField = person === entry ? field : `${field}.individual`;
    add(role, party.name, countryCode(person?.nationality), "nationality", `${personField}.nationality`);
    add(role, party.name, countryCode(residence?.countryCode), "residence", `${personField}.residenceAddress.countryCode`);
    add(role, party.name, countryCode(company?.countryCode), "registered", `${field}.company.countryCode`);
  };
  items(file.sections.ultimateBeneficialOwners).forEach((o, i) => fromEntry("beneficialOwner", o, `ultimateBeneficialOwners[${i}]`));
  items(file.sections.shareholders).forEach((o, i) => fromEntry("shareholder", o, `shareholders[${i}]`));
  items(file.sections.legalRepresentatives).forEach((o, i) => fromEntry("representative", o, `legalRepresentatives[${i}]`));
  for (const node of file.graph?.nodes ?? []) {
    if (node.flags?.isRoot) continue;
    const name = nodeName(node);
    const field = `graph.nodes[${node.nodeId}]`;
    add("graphOwner", name, countryCode(node.company?.countryCode), "registered", `${field}.company.countryCode`);
    add("graphOwner", name, countryCode(node.individual?.nationality), "nationality", `${field}.individual.nationality`);
  }
  return parties;
}

/** The section a party's field belongs to. */
export const partySection: Record<PartyFact["role"], FactSection> = {
  beneficialOwner: "ultimateBeneficialOwners",
  shareholder: "shareholders",
  representative: "legalRepresentatives",
  graphOwner: "graph",
};

// ---------------------------------------------------------------------------------------------------
// The ownership graph

/** Holding layers above the root: the most owner-steps any node is from the company (each counted once, by its nearest path). */
function graphDepth(graph: Graph): number {
  const owners = new Map<string, string[]>();
  for (const edge of graph.edges) {
    const list = owners.get(edge.toId);
    if (list) list.push(edge.fromId);
    else owners.set(edge.toId, [edge.fromId]);
  }
  const roots = graph.nodes.filter((n) => n.flags?.isRoot).map((n) => n.nodeId);
  const depth = new Map(roots.map((id) => [id, 0]));
  const queue = [...roots];
  let deepest = 0;
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head]!;
    const d = depth.get(id)!;
    for (const owner of owners.get(id) ?? []) {
      if (depth.has(owner)) continue;
      depth.set(owner, d + 1);
      deepest = Math.max(deepest, d + 1);
      queue.push(owner);
    }
  }
  return deepest;
}

function graphFacts(file: RiskFile): RiskFacts["graph"] {
  const graph = file.graph;
  if (!graph) return null;
  const byId = new Map(graph.nodes.map((n) => [n.nodeId, n]));
  const { cycleEdgeIds } = layoutInput(layoutGraph(graph));
  const cycle: string[] = [];
  if (cycleEdgeIds.length) {
    const edge = graph.edges.find((e) => e.id === cycleEdgeIds[0]);
    for (const id of edge ? [edge.toId, edge.fromId] : []) {
      const node = byId.get(id);
      if (node && !cycle.includes(nodeName(node))) cycle.push(nodeName(node));
    }
  }
  return {
    nodes: graph.nodes.length,
    depth: graphDepth(graph),
    cycle,
    uboProxies: graph.nodes.filter((n) => n.flags?.isUboProxy === true).map(nodeName),
    unexpanded: graph.nodes
      .filter((n) => expandable(n) && (n.continuation?.reason === "budget" || n.flags?.status === "budget_truncated"))
      .map(nodeName),
  };
}

// ---------------------------------------------------------------------------------------------------
// People and their changes

/** Who the beneficial owners (or the current representatives) are in `list`; representatives who left are left out. */
export function peopleSighting(list: unknown, group: PeopleGroup, source: FactSource | null, at: string): PeopleSighting | null {
  if (!Array.isArray(list)) return null;
  const names: Record<string, string> = {};
  for (const entry of items(list)) {
    if (group === "legalRepresentatives") {
      const ended = text(entry.endDate);
      if (ended && ended.slice(0, 10) <= at.slice(0, 10)) continue;
    }
    const party = partyOf(entry);
    if (party) names[party.key] = party.name;
  }
  return { names, source };
}

/** The newest change after `current` is seen, where `before` was seen last with its newest change `known`. */
export function nextChange(before: PeopleSighting | null, known: PeopleChange | null, current: PeopleSighting | null): PeopleChange | null {
  if (!before || !current) return known;
  const added = Object.keys(current.names).filter((k) => !(k in before.names));
  const removed = Object.keys(before.names).filter((k) => !(k in current.names));
  if (!added.length && !removed.length) return known;
  return {
    at: current.source?.asOf ?? "",
    added: added.map((k) => current.names[k]!),
    removed: removed.map((k) => before.names[k]!),
    source: current.source,
  };
}

/** The newest change over a company's deliveries of one set of people, oldest first. */
export function changeOverSightings(sightings: readonly PeopleSighting[]): PeopleChange | null {
  let change: PeopleChange | null = null;
  for (let i = 1; i < sightings.length; i++) change = nextChange(sightings[i - 1]!, change, sightings[i]!);
  return change;
}

const groups: readonly PeopleGroup[] = ["ultimateBeneficialOwners", "legalRepresentatives"];

// ---------------------------------------------------------------------------------------------------

/**
 * The facts of `file` at `at`. A change of beneficial owners or representatives is told from `history`: the facts of
 * the company's previous rating (the people then, and the change known then), or for a first rating the company's
 * deliveries of them, oldest first; without either, no change is known.
 */
export function riskFacts(file: RiskFile, at: Date, history?: PeopleHistory): RiskFacts {
  const iso = at.toISOString();
  const sources: RiskFacts["sources"] = {};
  for (const [section, datapoints] of Object.entries(sectionDatapoints) as [FactSection, readonly string[]][]) {
    const source = sourceOf(file.sources, datapoints);
    if (source) sources[section] = source;
  }
  const people = Object.fromEntries(
    groups.map((group) => [group, peopleSighting(file.sections[group], group, sources[group] ?? null, iso)]),
  ) as RiskFacts["people"];
  const changes = Object.fromEntries(
    groups.map((group) => {
      if (!history) return [group, null];
      if (history.kind === "previous") return [group, nextChange(history.people[group], history.changes[group], people[group])];
      const current = people[group];
      return [group, changeOverSightings([...history.sightings[group], ...(current ? [current] : [])])];
    }),
  ) as RiskFacts["changes"];
  return {
    at: iso,
    fileRevision: file.revision,
    sources,
    country: file.countryCode,
    company: companyFacts(file),
    beneficialOwners: beneficialOwnerFacts(file),
    parties: partyFacts(file),
    graph: graphFacts(file),
    people,
    changes,
  };
}
