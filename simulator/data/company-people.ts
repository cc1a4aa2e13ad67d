// `legalRepresentatives` and `otherKeyPersons`. Roles follow the legal form's governance; Switzerland
// keeps only people with signing authority as legal representatives (each with a representation mode)
// and moves board members without signing authority, and the statutory auditor, to otherKeyPersons.
import type { LegalRepresentative, OtherKeyPerson, Person } from "../../lib/registry/schemas.shared";
import type { CompanyIdentity } from "./identity";
import { residentOf } from "./foreign-people";
import { foreignOwnerCountries } from "./ownership-structure";
import { generatePerson } from "./people";
import type { Rng } from "./random";
import { roleFor, type RoleKey } from "./roles";
import { highRiskCountries } from "./special-ids";
import { randomSigning, withSigning, type SigningOptions } from "./signing";
import { entityId, randomDateBetween } from "./values";

type Body = LegalRepresentative["corporateBody"];

export interface PeopleSections {
  legalRepresentatives: LegalRepresentative[];
  otherKeyPersons: OtherKeyPerson[];
}

const okpStandard: Partial<Record<RoleKey, string>> = {
  boardMember: "Board Member",
  chairman: "Chairman of the Board",
  viceChairman: "Vice Chairman of the Board",
  supervisoryBoardMember: "Supervisory Board Member",
  supervisoryChairman: "Chairman of the Board",
  auditor: "Auditor",
  secretary: "Secretary",
};

class PeopleBuilder {
  readonly reps: LegalRepresentative[] = [];
  readonly others: OtherKeyPerson[] = [];
  private count = 0;

  constructor(
    readonly identity: CompanyIdentity,
    readonly rng: Rng,
  ) {}

  get language() {
    return this.identity.profile.language;
  }

  private start(): string {
    return randomDateBetween(this.rng, this.identity.incorporationDate, "2025-12-31");
  }

  person(): Person {
    return generatePerson(
      this.rng.fork(`person-${this.count++}`),
      this.identity.profile,
      { minBirthYear: 1945, maxBirthYear: 1998 },
      this.identity.special,
    );
  }

  rep(key: RoleKey, body?: Body, signing?: SigningOptions, individual: Person = this.person()): LegalRepresentative {
    const rep: LegalRepresentative = {
      type: "individual",
      entityId: entityId(this.identity.country, this.identity.id, "rep", String(this.count)),
      role: roleFor(this.identity.country, this.language, key),
      startDate: this.start(),
      individual,
      ...(body ? { corporateBody: body } : {}),
    };
    const out = signing ? withSigning(rep, signing) : rep;
    this.reps.push(out);
    return out;
  }

  companyRep(key: RoleKey, legalName: string, body?: Body): LegalRepresentative {
    const rep: LegalRepresentative = {
      type: "company",
      entityId: entityId(this.identity.country, this.identity.id, "rep-company", legalName),
      role: roleFor(this.identity.country, this.language, key),
      startDate: this.start(),
      company: { legalName, countryCode: this.identity.country, id: this.identity.profile.identifier.generate(this.rng, "capital") },
      representedBy: this.person(),
      ...(body ? { corporateBody: body } : {}),
    };
    this.reps.push(rep);
    return rep;
  }

  other(key: RoleKey, body: NonNullable<Body>, company?: string): OtherKeyPerson {
    const role = roleFor(this.identity.country, this.language, key);
    const okp: OtherKeyPerson = {
      type: company ? "company" : "individual",
      entityId: entityId(this.identity.country, this.identity.id, "okp", String(this.count++)),
      role: { standardized: okpStandard[key] ?? "Other", localName: role.localName, englishTranslation: role.englishTranslation },
      startDate: this.start(),
      ...(company ? { company: { legalName: company, countryCode: this.identity.country } } : { individual: this.person() }),
      corporateBody: body,
    };
    this.others.push(okp);
    return okp;
  }

  signing(mode?: "sole" | "joint"): SigningOptions {
    const base = randomSigning(this.rng, this.language, this.identity.profile.currency);
    return mode ? { ...base, mode, amountLimit: mode === "joint" ? undefined : base.amountLimit } : base;
  }

  maybeSigning(): SigningOptions | undefined {
    return this.rng.chance(0.5) ? this.signing() : undefined;
  }

  auditorName(): string {
    const root = this.rng.pick(this.identity.profile.roots);
    return `${root} ${this.language === "de" ? "Revision AG" : this.language === "fr" ? "Audit SAS" : "Audit"}`;
  }
}

/** Countries whose companies are run by directors (a board) rather than managing directors. */
const directorCountries = ["GB", "IE", "JE", "GG", "CY", "MT", "MU", "SG", "VG", "HK"];

function managers(b: PeopleBuilder): void {
  const gb = directorCountries.includes(b.identity.country);
  const count = b.rng.int(1, 3);
  for (let i = 0; i < count; i++) b.rep(gb ? "director" : "managingDirector", gb ? "board" : "management", b.maybeSigning());
  if (gb && b.rng.chance(0.3)) b.rep("secretary");
  if (["DE", "AT"].includes(b.identity.country) && b.rng.chance(0.4)) b.rep("authorizedSignatory", undefined, b.signing("joint"));
}

function president(b: PeopleBuilder): void {
  if (b.rng.chance(0.25)) b.companyRep("president", `${b.rng.pick(b.identity.profile.roots)} Holding SAS`, "management");
  else b.rep("president", "management", b.signing("sole"));
  if (b.rng.chance(0.4)) b.rep("ceo", "management", b.maybeSigning());
}

function board(b: PeopleBuilder): void {
  b.rep("chairman", "board", b.maybeSigning());
  b.rep("ceo", "management", b.maybeSigning());
  const members = b.rng.int(2, 4);
  for (let i = 0; i < members; i++) b.other("boardMember", "board");
  if (b.rng.chance(0.3)) b.other("viceChairman", "board");
  b.other("auditor", "audit", b.auditorName());
}

/** Switzerland: signing people are legal representatives (with a mode); the others are key persons. */
function swissBoard(b: PeopleBuilder): void {
  const jointRoles = [roleFor("CH", b.language, "boardMember").localName ?? "Mitglied des Verwaltungsrates"];
  b.rep("chairman", "board", { ...b.signing("joint"), coSignerRoles: jointRoles });
  const members = b.rng.int(2, 5);
  for (let i = 0; i < members; i++) {
    if (i > 0 && b.rng.chance(0.5)) b.rep("boardMember", "board", { ...b.signing("joint"), coSignerRoles: jointRoles });
    else b.other("boardMember", "board");
  }
  if (b.rng.chance(0.6)) b.rep("managingDirector", "management", b.signing("sole"));
  if (b.rng.chance(0.4)) b.rep("authorizedSignatory", undefined, { ...b.signing("joint"), coSignerRoles: jointRoles });
  b.other("auditor", "audit", b.auditorName());
}

function twoTier(b: PeopleBuilder): void {
  const members = b.rng.int(1, 3);
  b.rep("ceo", "management", b.maybeSigning());
  for (let i = 1; i < members; i++) b.rep("managementBoardMember", "management", b.maybeSigning());
  b.other("supervisoryChairman", "supervisoryBoard");
  const supervisors = b.rng.int(2, 5);
  for (let i = 0; i < supervisors; i++) b.other("supervisoryBoardMember", "supervisoryBoard");
  if (b.rng.chance(0.3)) b.rep("authorizedSignatory", undefined, b.signing("joint"));
}

function owner(b: PeopleBuilder): void {
  const name = b.identity.owner;
  const individual = b.person();
  if (name) individual.name = { fullName: name.full, firstName: name.first, lastName: name.last };
  if (name) individual.gender = name.gender;
  b.rep("owner", undefined, b.identity.country === "CH" ? b.signing("sole") : undefined, individual);
}

function partners(b: PeopleBuilder): void {
  if (b.identity.country === "DE" && b.rng.chance(0.4))
    b.companyRep("generalPartner", `${b.rng.pick(b.identity.profile.roots)} Verwaltungs GmbH`, "management");
  const count = b.rng.int(1, 3);
  for (let i = 0; i < count; i++) b.rep("generalPartner", "management", b.maybeSigning());
}

function association(b: PeopleBuilder): void {
  const signing = b.identity.country === "CH" ? () => b.signing("joint") : () => b.maybeSigning();
  b.rep("president", "board", signing());
  b.rep("treasurer", "board", signing());
  b.rep("secretary", "board", signing());
  const members = b.rng.int(1, 3);
  for (let i = 0; i < members; i++) b.other("boardMember", "board");
}

function large(b: PeopleBuilder): void {
  const repRoles: RoleKey[] = ["managingDirector", "authorizedSignatory", "boardMember"];
  for (let i = 0; i < 150; i++) {
    const key = repRoles[i % 3] as RoleKey;
    b.rep(
      key,
      key === "authorizedSignatory" ? undefined : key === "boardMember" ? "board" : "management",
      b.identity.country === "CH" ? b.signing("joint") : undefined,
    );
  }
  for (let i = 0; i < 250; i++) b.other(i % 2 ? "boardMember" : "supervisoryBoardMember", i % 2 ? "board" : "supervisoryBoard");
}

/** FOREIGN_OWNERS: two more directors, one living in Myanmar and one in the country of its first foreign holding. */
function foreignOfficers(b: PeopleBuilder): void {
  const gb = directorCountries.includes(b.identity.country);
  const abroad = foreignOwnerCountries.find((c) => c !== b.identity.country) ?? "CY";
  for (const country of [highRiskCountries.officer, abroad])
    b.rep(
      gb ? "director" : "managingDirector",
      gb ? "board" : "management",
      undefined,
      residentOf(b.rng.fork(`officer-${country}`), country),
    );
}

export function buildPeople(identity: CompanyIdentity, rng: Rng): PeopleSections {
  const b = new PeopleBuilder(identity, rng);
  const swiss = identity.country === "CH";
  if (identity.special === "LARGE") large(b);
  else if (identity.special === "SPARSE")
    b.rep("director", undefined, swiss ? b.signing("sole") : undefined, { name: { fullName: b.person().name?.fullName } });
  else {
    const governance = identity.form.governance;
    if (governance === "board" && swiss) swissBoard(b);
    else if (governance === "managers" && swiss) swissBoard(b);
    else ({ managers, president, board, twoTier, owner, partners, association })[governance](b);
  }
  if (identity.special === "FOREIGN_OWNERS") foreignOfficers(b);
  if (identity.special === "DISSOLVED") {
    const closure = "2023-06-30";
    for (const rep of b.reps) rep.endDate = closure;
    const liquidator = b.rep("liquidator", undefined, swiss ? b.signing("sole") : undefined);
    liquidator.startDate = "2022-12-01";
    liquidator.endDate = closure;
  }
  if (swiss) {
    for (const rep of b.reps) if (!rep.representationMode) Object.assign(rep, withSigning(rep, b.signing("sole")));
  }
  return { legalRepresentatives: b.reps, otherKeyPersons: b.others };
}
