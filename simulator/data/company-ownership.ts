// `shareholders` and `ultimateBeneficialOwners`, read from the ownership structure, so that they agree
// with the ownership graph.
import type { Person, Shareholder, Ubo } from "../../lib/registry/schemas.shared";
import { accumulateOwnership, uboThreshold } from "./accumulation";
import type { CompanyIdentity } from "./identity";
import type { OwnershipStructure, StructureNode, StructurePerson } from "./ownership-structure";
import { generateAddress } from "./address";
import { residenceIn } from "./foreign-people";
import { createRng, type Rng } from "./random";
import { entityId, money, round2 } from "./values";

/** Person details of an individual of the structure (residence derived from the node id, in the root's country unless stated). */
export function structurePerson(identity: CompanyIdentity, node: StructurePerson): Person {
  const profile = identity.profile;
  const rng = createRng(identity.country, identity.id, node.nodeId);
  const [first, ...rest] = node.name.split(" ");
  return {
    name: { fullName: node.name, firstName: first, lastName: rest.join(" ") || undefined },
    birthDate: node.birthDate,
    nationality: node.nationality,
    residenceAddress: node.residence ? residenceIn(rng, node.residence) : generateAddress(rng, profile, rng.pick(profile.cities)),
  };
}

export function buildShareholders(
  identity: CompanyIdentity,
  structure: OwnershipStructure,
  capitalAmount: number | undefined,
): Shareholder[] {
  if (identity.country === "CZ" && identity.form.family === "jointStock") return [];
  const nodes = new Map(structure.nodes.map((n) => [n.nodeId, n]));
  const nominal = identity.form.family === "jointStock" ? 10 : 1;
  const totalShares = capitalAmount ? Math.max(1, Math.round(capitalAmount / nominal)) : undefined;
  const currency = identity.profile.currency;
  const rng = createRng(identity.country, identity.id, "shareholders");
  return structure.edges
    .filter((e) => e.toId === structure.rootId && !e.cycle)
    .flatMap((edge) => {
      const owner = nodes.get(edge.fromId);
      if (!owner) return [];
      const holder: Shareholder = {
        type: owner.kind,
        entityId: entityId(identity.country, identity.id, owner.nodeId),
        source: identity.profile.register,
      };
      if (owner.kind === "company") holder.company = { id: owner.id, countryCode: owner.country, legalName: owner.legalName };
      else holder.individual = structurePerson(identity, owner);
      if (edge.percentage !== undefined) {
        holder.sharePercentage = edge.percentage;
        if (totalShares && capitalAmount) {
          holder.numberOfShares = Math.round((edge.percentage / 100) * totalShares);
          holder.nominalCapitalHeld = money((edge.percentage / 100) * capitalAmount, currency);
          holder.paidInAmount = money((edge.percentage / 100) * capitalAmount * (rng.chance(0.8) ? 1 : 0.25), currency);
        }
      }
      return [holder];
    });
}

function uboFromNode(identity: CompanyIdentity, node: StructurePerson, total: number, direct: number): Ubo {
  const details = [
    ...(direct > 0 ? [{ type: "shares", percentageValue: round2(direct), nature: "direct" }] : []),
    ...(total - direct > 0.005 ? [{ type: "shares", percentageValue: round2(total - direct), nature: "indirect" }] : []),
  ];
  return {
    ...structurePerson(identity, node),
    entityId: entityId(identity.country, identity.id, node.nodeId),
    control: {
      types: ["ownership-of-shares", ...(total > 50 ? ["voting-rights"] : [])],
      description: `Holds ${round2(total)}% of the shares${details.length > 1 ? " directly and through intermediate companies" : direct > 0 ? " directly" : " through intermediate companies"}.`,
      details,
    },
  };
}

/** UBOs: individuals above 25% accumulated ownership (or controlling by majority at every level). */
export function buildUbos(identity: CompanyIdentity, structure: OwnershipStructure, seniorManager: Person | undefined, rng: Rng): Ubo[] {
  const totals = accumulateOwnership(structure.rootId, structure.edges);
  const people = structure.nodes.filter((n): n is StructurePerson => n.kind === "individual");
  const directOf = (node: StructureNode) =>
    structure.edges.find((e) => e.fromId === node.nodeId && e.toId === structure.rootId && !e.cycle)?.percentage ?? 0;
  const ubos = people
    .filter((p) => {
      const acc = totals.get(p.nodeId);
      return acc !== undefined && (acc.total > uboThreshold || acc.dominates);
    })
    .map((p) => uboFromNode(identity, p, totals.get(p.nodeId)?.total ?? 0, directOf(p)));
  if (ubos.length || !seniorManager) return ubos;
  return [
    {
      ...seniorManager,
      entityId: entityId(identity.country, identity.id, "senior-manager", String(rng.int(0, 1e6))),
      control: {
        types: ["significant-influence-or-control"],
        description:
          identity.entityKind === "non_profit"
            ? "Officer of the association (no share capital)."
            : "No natural person holds more than 25%; senior managing official declared.",
        details: [],
      },
    },
  ];
}
