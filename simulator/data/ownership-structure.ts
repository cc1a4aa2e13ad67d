// The full ownership structure behind a company, seen from that company (the root): who owns it,
// who owns its owners, and so on. Shareholders, UBOs and the ownership graph are all read from it.
// Edges point from owner to owned; every owner sits one level above what it owns, so the structure is
// a DAG, except for at most one marked cycle edge (the root owning part of one of its owners).
import type { RegistryCountry } from "../../lib/registry/countries.shared";
import { getProfile } from "./country-profiles";
import { nameFrom } from "./foreign-people";
import { identifierFormats } from "./identifiers";
import { companyBasics, companyRng } from "./identity";
import { personName } from "./people";
import type { Rng } from "./random";
import { highRiskCountries, riskSpecialIds, type SpecialCompanyId } from "./special-ids";

export interface StructureCompany {
  kind: "company";
  nodeId: string;
  country: RegistryCountry;
  id: string;
  legalName: string;
  depth: number;
  /** The ultimate controlling entity of the root, standing in for a UBO where no person qualifies (graph `isUboProxy`). */
  uboProxy?: true;
}

export interface StructurePerson {
  kind: "individual";
  nodeId: string;
  name: string;
  birthDate: { year: number; month: number; day: number };
  nationality: string;
  /** Where the person lives, when not in the root's country (otherwise the root's country is assumed). */
  residence?: string;
  depth: number;
}

export type StructureNode = StructureCompany | StructurePerson;

export interface StructureEdge {
  id: string;
  fromId: string;
  toId: string;
  /** Only where the register states one. */
  percentage?: number;
  /** The one edge closing a cycle (the root owning part of its owner). */
  cycle?: boolean;
}

export interface OwnershipStructure {
  rootId: string;
  nodes: StructureNode[];
  edges: StructureEdge[];
}

export const companyNodeId = (country: string, id: string) => `${country}:${id}`;

const holdingCountries: readonly RegistryCountry[] = ["LU", "NL", "CY", "GB", "CH", "IE", "MU", "VG", "DE", "FR"];

class Builder {
  nodes: StructureNode[] = [];
  edges: StructureEdge[] = [];
  private byId = new Map<string, StructureNode>();
  private personCount = 0;

  constructor(
    private readonly rng: Rng,
    readonly rootCountry: RegistryCountry,
  ) {}

  add<T extends StructureNode>(node: T): T {
    const existing = this.byId.get(node.nodeId);
    if (existing) return existing as T;
    this.byId.set(node.nodeId, node);
    this.nodes.push(node);
    return node;
  }

  root(id: string): StructureCompany {
    return this.add({
      kind: "company",
      nodeId: companyNodeId(this.rootCountry, id),
      country: this.rootCountry,
      id,
      legalName: companyBasics(this.rootCountry, id).legalName,
      depth: 0,
    });
  }

  /** A new company owner, in the root's country or (sometimes) a holding jurisdiction; in `country` when given. */
  company(depth: number, foreignChance = 0.2, inCountry?: RegistryCountry): StructureCompany {
    for (let attempt = 0; ; attempt++) {
      const country = inCountry ?? (this.rng.chance(foreignChance) ? this.rng.pick(holdingCountries) : this.rootCountry);
      const id = identifierFormats[country].generate(this.rng, "capital");
      const nodeId = companyNodeId(country, id);
      if (this.byId.has(nodeId)) continue;
      const identity = companyBasics(country, id, { generated: true });
      if (identity.entityKind !== "company" && attempt < 6) continue;
      return this.add({ kind: "company", nodeId, country, id: identity.id, legalName: identity.legalName, depth });
    }
  }

  person(depth: number): StructurePerson {
    const country = this.rng.chance(0.85) ? this.rootCountry : this.rng.pick(holdingCountries);
    const name = personName(this.rng, getProfile(country));
    const index = this.personCount++;
    return this.add({
      kind: "individual",
      nodeId: `person:${index + 1}`,
      name: name.full,
      birthDate: { year: this.rng.int(1945, 1995), month: this.rng.int(1, 12), day: this.rng.int(1, 28) },
      nationality: country,
      depth,
    });
  }

  /** A person of `country` who lives there (any ISO code: the high-risk ones have a fixed resident). */
  personFrom(country: string, depth: number): StructurePerson {
    const name = nameFrom(this.rng, country);
    const index = this.personCount++;
    return this.add({
      kind: "individual",
      nodeId: `person:${index + 1}`,
      name: name.full,
      birthDate: { year: this.rng.int(1950, 1992), month: this.rng.int(1, 12), day: this.rng.int(1, 28) },
      nationality: country,
      ...(country !== this.rootCountry ? { residence: country } : {}),
      depth,
    });
  }

  edge(from: StructureNode, to: StructureNode, percentage?: number, cycle = false): StructureEdge {
    const edge: StructureEdge = { id: `e${this.edges.length + 1}`, fromId: from.nodeId, toId: to.nodeId };
    if (percentage !== undefined) edge.percentage = percentage;
    if (cycle) edge.cycle = true;
    this.edges.push(edge);
    return edge;
  }

  hasEdge(from: StructureNode, to: StructureNode): boolean {
    return this.edges.some((e) => e.fromId === from.nodeId && e.toId === to.nodeId);
  }

  build(): OwnershipStructure {
    return { rootId: this.nodes[0]?.nodeId ?? "", nodes: this.nodes, edges: this.edges };
  }
}

/** Splits `total` into `count` positive parts with two decimals, summing exactly to `total`. */
export function splitPercentages(rng: Rng, count: number, total = 100): number[] {
  const weights = Array.from({ length: count }, () => 0.3 + rng.next());
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.max(0.01, Math.floor((w / sum) * total * 100) / 100));
  const rest = Math.round((total - parts.reduce((a, b) => a + b, 0)) * 100) / 100;
  parts[0] = Math.round(((parts[0] ?? 0) + rest) * 100) / 100;
  return parts;
}

interface GenericOptions {
  maxDepth: number;
  rootOwners: [number, number];
  owners: [number, number];
  individualChance: number;
  reuseChance: number;
  cycleChance: number;
  unstatedChance: number;
  targetNodes?: number;
}

/** Topology first (who owns whom), then percentages per owned company over its final list of owners. */
function genericStructure(b: Builder, rng: Rng, rootId: string, options: GenericOptions): void {
  const root = b.root(rootId);
  const levels: StructureCompany[][] = [[root]];
  const people: StructurePerson[] = [];
  const full = () => options.targetNodes !== undefined && b.nodes.length >= options.targetNodes;
  for (let depth = 0; depth < options.maxDepth; depth++) {
    const next: StructureCompany[] = [];
    for (const owned of levels[depth] ?? []) {
      const [min, max] = depth === 0 ? options.rootOwners : options.owners;
      const count = rng.int(min, max);
      for (let slot = 0; slot < count && !full(); slot++) {
        const last = depth === options.maxDepth - 1;
        if (last || rng.chance(options.individualChance)) {
          const reusable = people.filter((p) => !b.hasEdge(p, owned));
          const person = reusable.length && rng.chance(options.reuseChance) ? rng.pick(reusable) : b.person(depth + 1);
          if (!people.includes(person)) people.push(person);
          b.edge(person, owned);
        } else {
          const reusable = next.filter((c) => !b.hasEdge(c, owned));
          const company = reusable.length && rng.chance(options.reuseChance) ? rng.pick(reusable) : b.company(depth + 1);
          if (!next.includes(company)) next.push(company);
          b.edge(company, owned);
        }
      }
    }
    if (!next.length) break;
    levels.push(next);
  }
  ensureMultiPath(b, levels);
  const level1 = levels[1] ?? [];
  if (level1.length && rng.chance(options.cycleChance)) b.edge(root, rng.pick(level1), undefined, true);
  assignPercentages(b, rng, options.unstatedChance);
}

/** Makes sure some owner is reached through two paths (a level-2 company owning two level-1 companies). */
function ensureMultiPath(b: Builder, levels: StructureCompany[][]): void {
  const [l1, l2] = [levels[1] ?? [], levels[2] ?? []];
  const hasMultiPath = b.nodes.some((n) => n.nodeId !== b.nodes[0]?.nodeId && b.edges.filter((e) => e.fromId === n.nodeId).length > 1);
  if (hasMultiPath || l1.length < 2 || !l2.length) return;
  const owner = l2[0] as StructureCompany;
  const target = l1.find((c) => !b.hasEdge(owner, c));
  if (target) b.edge(owner, target);
}

function assignPercentages(b: Builder, rng: Rng, unstatedChance: number): void {
  const byOwned = new Map<string, StructureEdge[]>();
  for (const edge of b.edges) {
    const list = byOwned.get(edge.toId);
    if (list) list.push(edge);
    else byOwned.set(edge.toId, [edge]);
  }
  for (const edges of byOwned.values()) {
    const total = rng.chance(0.2) ? rng.int(60, 95) : 100;
    const parts = splitPercentages(rng, edges.length, total);
    edges.forEach((edge, i) => {
      if (!rng.chance(unstatedChance)) edge.percentage = parts[i];
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// Hand-made structures of the special ids (the arithmetic is checked in the tests)

function diamond(b: Builder): void {
  const root = b.root("OWNERSHIP_DIAMOND");
  const [h1, h2, top] = [b.company(1, 0), b.company(1, 0), b.company(2, 0)];
  const [p1, p2, p3, p4] = [b.person(2), b.person(2), b.person(2), b.person(3)];
  b.edge(h1, root, 60);
  b.edge(h2, root, 40);
  b.edge(top, h1, 50);
  b.edge(top, h2, 50);
  b.edge(p1, h1, 30);
  b.edge(p1, h2, 40);
  b.edge(p2, h1, 20);
  b.edge(p3, h2, 10);
  b.edge(p4, top, 100);
}

function cycle(b: Builder): void {
  const root = b.root("OWNERSHIP_CYCLE");
  const [a, c] = [b.company(1, 0), b.company(1, 0)];
  const [p1, p2, p3] = [b.person(2), b.person(2), b.person(2)];
  b.edge(a, root, 70);
  b.edge(c, root, 30);
  b.edge(root, a, 15, true);
  b.edge(p1, a, 60);
  b.edge(p2, a, 25);
  b.edge(p3, c, 100);
}

function deep(b: Builder): void {
  let owned: StructureCompany = b.root("OWNERSHIP_DEEP");
  for (let level = 1; level <= 10; level++) {
    const holding = b.company(level, 0.1);
    b.edge(holding, owned, 90);
    b.edge(b.person(level), owned, 10);
    owned = holding;
  }
  b.edge(b.person(11), owned, 100);
}

/** The risk ids' plain structure: a domestic holding (60%) owned by one person, and a second person (40%). */
function plain(b: Builder, rootId: string): void {
  const root = b.root(rootId);
  const holding = b.company(1, 0);
  b.edge(holding, root, 60);
  b.edge(b.personFrom(b.rootCountry, 1), root, 40);
  b.edge(b.personFrom(b.rootCountry, 2), holding, 100);
}

/**
 * No person above 25% (20% direct; 15%, 12%, 9%, 7% of a widely held parent, so 12% at most): the parent controls
 * the root through a wholly owned holding (100% × 80%), so it is the ultimate controlling entity, the UBO proxy.
 */
function uboProxy(b: Builder): void {
  const root = b.root("UBO_PROXY");
  const holding = b.company(1, 0);
  const parent = b.company(2, 0);
  parent.uboProxy = true;
  b.edge(holding, root, 80);
  b.edge(b.personFrom(b.rootCountry, 1), root, 20);
  b.edge(parent, holding, 100);
  for (const percentage of [15, 12, 9, 7]) b.edge(b.personFrom(b.rootCountry, 3), parent, percentage);
}

/** Dispersed ownership: three people (24%, 20%, 16%) and a fund (40%) whose owners are listed without percentages. */
function noUbo(b: Builder): void {
  const root = b.root("NO_UBO");
  const fund = b.company(1, 0);
  b.edge(fund, root, 40);
  for (const percentage of [24, 20, 16]) b.edge(b.personFrom(b.rootCountry, 1), root, percentage);
  b.edge(b.personFrom(b.rootCountry, 2), fund);
  b.edge(b.personFrom(b.rootCountry, 2), fund);
}

/** The holding countries of FOREIGN_OWNERS: the first two that are not the root's. */
export const foreignOwnerCountries: readonly RegistryCountry[] = ["CY", "VG", "LU", "CH"];

/**
 * Owners in four countries: a holding in each of two other registry countries (45%, 20%), a resident of Iran (30%,
 * a UBO) and a local person (5%); the first holding is wholly owned by a resident of its country (45%, a UBO).
 */
function foreignOwners(b: Builder): void {
  const root = b.root("FOREIGN_OWNERS");
  const [first, second] = foreignOwnerCountries.filter((c) => c !== b.rootCountry) as [RegistryCountry, RegistryCountry];
  const [h1, h2] = [b.company(1, 0, first), b.company(1, 0, second)];
  b.edge(h1, root, 45);
  b.edge(b.personFrom(highRiskCountries.shareholder, 1), root, 30);
  b.edge(h2, root, 20);
  b.edge(b.personFrom(b.rootCountry, 1), root, 5);
  b.edge(b.personFrom(first, 2), h1, 100);
  b.edge(b.personFrom(second, 2), h2, 60);
  b.edge(b.personFrom(second, 2), h2, 40);
}

function large(b: Builder, rng: Rng): void {
  const root = b.root("LARGE");
  const people = Array.from({ length: 100 }, () => b.person(1));
  people.forEach((p) => b.edge(p, root, 0.1));
  const holdings = [b.company(1), b.company(1), b.company(1)];
  holdings.forEach((h) => b.edge(h, root, 30));
  let frontier: StructureCompany[] = holdings;
  for (let depth = 2; b.nodes.length < 2000; depth++) {
    const next: StructureCompany[] = [];
    for (const owned of frontier) {
      const count = Math.min(rng.int(3, 6), 2000 - b.nodes.length);
      if (count <= 0) break;
      const owners = Array.from({ length: count }, (_, i) => (i === 0 || rng.chance(0.45) ? b.company(depth) : b.person(depth)));
      const parts = splitPercentages(rng, owners.length);
      owners.forEach((o, i) => b.edge(o, owned, parts[i]));
      next.push(...owners.filter((o): o is StructureCompany => o.kind === "company"));
    }
    frontier = next;
  }
}

/** The ownership structure of `(country, id)`, deterministic. */
export function ownershipStructure(country: RegistryCountry, id: string): OwnershipStructure {
  const identity = companyBasics(country, id);
  const rng = companyRng(country, identity.id, "ownership");
  const b = new Builder(rng, country);
  const special: SpecialCompanyId | undefined = identity.special;
  if (special === "OWNERSHIP_DIAMOND") diamond(b);
  else if (special === "OWNERSHIP_CYCLE") cycle(b);
  else if (special === "OWNERSHIP_DEEP") deep(b);
  else if (special === "LARGE") large(b, rng);
  else if (special === "UBO_PROXY") uboProxy(b);
  else if (special === "NO_UBO") noUbo(b);
  else if (special === "FOREIGN_OWNERS") foreignOwners(b);
  else if (special && riskSpecialIds.has(special)) plain(b, special);
  else if (identity.entityKind === "non_profit") b.root(identity.id);
  else if (identity.entityKind === "sole_entrepreneur" || special === "SPARSE") {
    const root = b.root(identity.id);
    const owner = b.person(1);
    if (identity.owner) owner.name = identity.owner.full;
    b.edge(owner, root, 100);
  } else {
    genericStructure(b, rng, identity.id, {
      maxDepth: rng.int(2, 3),
      rootOwners: [2, 4],
      owners: [1, 3],
      individualChance: 0.45,
      reuseChance: 0.3,
      cycleChance: 0.2,
      unstatedChance: 0.1,
    });
  }
  return b.build();
}
