// Roles of people in a company: a local name per language, the English translation, the vendor's
// standardized value and an ISO 5009 code (six characters; derived per country and role, so the same
// role in the same country always carries the same code).
import type { RegistryCountry } from "../../lib/registry/countries.shared";
import type { Role } from "../../lib/registry/schemas.shared";
import type { Language } from "./profile-types";
import { hashString } from "./random";

export type RoleKey =
  | "president"
  | "ceo"
  | "managingDirector"
  | "director"
  | "chairman"
  | "viceChairman"
  | "boardMember"
  | "managementBoardMember"
  | "supervisoryChairman"
  | "supervisoryBoardMember"
  | "authorizedSignatory"
  | "owner"
  | "generalPartner"
  | "secretary"
  | "treasurer"
  | "liquidator"
  | "auditor";

const roleStandard: Record<RoleKey, { english: string; standardized: string }> = {
  president: { english: "President", standardized: "President" },
  ceo: { english: "Chief Executive Officer", standardized: "Chief Executive Officer" },
  managingDirector: { english: "Managing Director", standardized: "Managing Director" },
  director: { english: "Director", standardized: "Director" },
  chairman: { english: "Chairman of the Board", standardized: "Chairman of the Board" },
  viceChairman: { english: "Vice Chairman of the Board", standardized: "Vice Chairman of the Board" },
  boardMember: { english: "Board Member", standardized: "Board Member" },
  managementBoardMember: { english: "Member of the Management Board", standardized: "Executive Director" },
  supervisoryChairman: { english: "Chairman of the Supervisory Board", standardized: "Chairman of the Board" },
  supervisoryBoardMember: { english: "Member of the Supervisory Board", standardized: "Supervisory Board Member" },
  authorizedSignatory: { english: "Authorized Signatory", standardized: "Authorized Signatory" },
  owner: { english: "Owner", standardized: "Owner" },
  generalPartner: { english: "General Partner", standardized: "General Partner" },
  secretary: { english: "Secretary", standardized: "Secretary" },
  treasurer: { english: "Treasurer", standardized: "Treasurer" },
  liquidator: { english: "Liquidator", standardized: "Liquidator" },
  auditor: { english: "Statutory Auditor", standardized: "Auditor" },
};

type RoleNames = Partial<Record<RoleKey, string>>;

const localRoleNames: Record<Language, RoleNames> = {
  en: {},
  fr: {
    president: "Président",
    ceo: "Directeur général",
    managingDirector: "Gérant",
    director: "Administrateur",
    chairman: "Président du conseil d'administration",
    viceChairman: "Vice-président du conseil d'administration",
    boardMember: "Administrateur",
    managementBoardMember: "Membre du directoire",
    supervisoryChairman: "Président du conseil de surveillance",
    supervisoryBoardMember: "Membre du conseil de surveillance",
    authorizedSignatory: "Fondé de pouvoir",
    owner: "Entrepreneur individuel",
    generalPartner: "Associé en nom",
    secretary: "Secrétaire",
    treasurer: "Trésorier",
    liquidator: "Liquidateur",
    auditor: "Commissaire aux comptes",
  },
  de: {
    president: "Präsident des Verwaltungsrates",
    ceo: "Vorsitzender der Geschäftsführung",
    managingDirector: "Geschäftsführer",
    director: "Direktor",
    chairman: "Präsident des Verwaltungsrates",
    viceChairman: "Vizepräsident des Verwaltungsrates",
    boardMember: "Mitglied des Verwaltungsrates",
    managementBoardMember: "Vorstandsmitglied",
    supervisoryChairman: "Vorsitzender des Aufsichtsrates",
    supervisoryBoardMember: "Mitglied des Aufsichtsrates",
    authorizedSignatory: "Prokurist",
    owner: "Inhaber",
    generalPartner: "Persönlich haftender Gesellschafter",
    secretary: "Schriftführer",
    treasurer: "Kassenwart",
    liquidator: "Liquidator",
    auditor: "Revisionsstelle",
  },
  it: {
    president: "Presidente",
    ceo: "Amministratore delegato",
    managingDirector: "Amministratore unico",
    director: "Consigliere",
    chairman: "Presidente del consiglio di amministrazione",
    viceChairman: "Vicepresidente del consiglio di amministrazione",
    boardMember: "Consigliere",
    managementBoardMember: "Consigliere di gestione",
    supervisoryChairman: "Presidente del collegio sindacale",
    supervisoryBoardMember: "Sindaco effettivo",
    authorizedSignatory: "Procuratore",
    owner: "Titolare",
    generalPartner: "Socio amministratore",
    secretary: "Segretario",
    treasurer: "Tesoriere",
    liquidator: "Liquidatore",
    auditor: "Revisore legale",
  },
  es: {
    president: "Presidente",
    ceo: "Consejero delegado",
    managingDirector: "Administrador único",
    director: "Consejero",
    chairman: "Presidente del consejo de administración",
    viceChairman: "Vicepresidente del consejo",
    boardMember: "Consejero",
    managementBoardMember: "Consejero ejecutivo",
    supervisoryChairman: "Presidente de la comisión de control",
    supervisoryBoardMember: "Miembro de la comisión de control",
    authorizedSignatory: "Apoderado",
    owner: "Empresario individual",
    generalPartner: "Socio colectivo",
    secretary: "Secretario",
    treasurer: "Tesorero",
    liquidator: "Liquidador",
    auditor: "Auditor de cuentas",
  },
  nl: {
    president: "Voorzitter",
    ceo: "Algemeen directeur",
    managingDirector: "Bestuurder",
    director: "Bestuurder",
    chairman: "Voorzitter van de raad van bestuur",
    viceChairman: "Vicevoorzitter",
    boardMember: "Lid van de raad van bestuur",
    managementBoardMember: "Lid van de directie",
    supervisoryChairman: "Voorzitter van de raad van commissarissen",
    supervisoryBoardMember: "Commissaris",
    authorizedSignatory: "Gevolmachtigde",
    owner: "Eigenaar",
    generalPartner: "Vennoot",
    secretary: "Secretaris",
    treasurer: "Penningmeester",
    liquidator: "Vereffenaar",
    auditor: "Commissaris-revisor",
  },
  cs: {
    president: "Předseda",
    ceo: "Generální ředitel",
    managingDirector: "Jednatel",
    director: "Ředitel",
    chairman: "Předseda představenstva",
    viceChairman: "Místopředseda představenstva",
    boardMember: "Člen představenstva",
    managementBoardMember: "Člen představenstva",
    supervisoryChairman: "Předseda dozorčí rady",
    supervisoryBoardMember: "Člen dozorčí rady",
    authorizedSignatory: "Prokurista",
    owner: "Podnikatel",
    generalPartner: "Komplementář",
    secretary: "Tajemník",
    treasurer: "Pokladník",
    liquidator: "Likvidátor",
    auditor: "Auditor",
  },
  zh: {
    president: "董事长",
    ceo: "总经理",
    managingDirector: "执行董事",
    director: "董事",
    chairman: "董事长",
    viceChairman: "副董事长",
    boardMember: "董事",
    managementBoardMember: "经理",
    supervisoryChairman: "监事会主席",
    supervisoryBoardMember: "监事",
    authorizedSignatory: "授权签字人",
    owner: "经营者",
    generalPartner: "执行事务合伙人",
    secretary: "秘书",
    treasurer: "财务负责人",
    liquidator: "清算人",
    auditor: "核数师",
  },
  ru: {
    president: "Президент",
    ceo: "Генеральный директор",
    managingDirector: "Генеральный директор",
    director: "Директор",
    chairman: "Председатель совета директоров",
    viceChairman: "Заместитель председателя совета директоров",
    boardMember: "Член совета директоров",
    managementBoardMember: "Член правления",
    supervisoryChairman: "Председатель наблюдательного совета",
    supervisoryBoardMember: "Член наблюдательного совета",
    authorizedSignatory: "Представитель по доверенности",
    owner: "Индивидуальный предприниматель",
    generalPartner: "Полный товарищ",
    secretary: "Секретарь",
    treasurer: "Казначей",
    liquidator: "Ликвидатор",
    auditor: "Аудитор",
  },
  el: {
    president: "Πρόεδρος",
    ceo: "Διευθύνων Σύμβουλος",
    managingDirector: "Διαχειριστής",
    director: "Σύμβουλος",
    chairman: "Πρόεδρος του Διοικητικού Συμβουλίου",
    viceChairman: "Αντιπρόεδρος του Διοικητικού Συμβουλίου",
    boardMember: "Μέλος του Διοικητικού Συμβουλίου",
    managementBoardMember: "Εκτελεστικό μέλος",
    supervisoryChairman: "Πρόεδρος του Εποπτικού Συμβουλίου",
    supervisoryBoardMember: "Μέλος του Εποπτικού Συμβουλίου",
    authorizedSignatory: "Πληρεξούσιος",
    owner: "Ιδιοκτήτης",
    generalPartner: "Ομόρρυθμος εταίρος",
    secretary: "Γραμματέας",
    treasurer: "Ταμίας",
    liquidator: "Εκκαθαριστής",
    auditor: "Ορκωτός ελεγκτής",
  },
  bg: {
    president: "Председател",
    ceo: "Изпълнителен директор",
    managingDirector: "Управител",
    director: "Директор",
    chairman: "Председател на съвета на директорите",
    viceChairman: "Заместник-председател на съвета на директорите",
    boardMember: "Член на съвета на директорите",
    managementBoardMember: "Член на управителния съвет",
    supervisoryChairman: "Председател на надзорния съвет",
    supervisoryBoardMember: "Член на надзорния съвет",
    authorizedSignatory: "Прокурист",
    owner: "Едноличен търговец",
    generalPartner: "Неограничено отговорен съдружник",
    secretary: "Секретар",
    treasurer: "Касиер",
    liquidator: "Ликвидатор",
    auditor: "Регистриран одитор",
  },
};

const codeAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Six-character ISO 5009 code for a role in a country (stable per country and role). */
export function iso5009Code(country: RegistryCountry, key: RoleKey): string {
  let h = hashString(`iso5009:${country}:${key}`);
  let code = "";
  for (let i = 0; i < 6; i++) {
    code += codeAlphabet.charAt(h % 36);
    h = Math.floor(h / 36) + (i === 2 ? hashString(`${key}:${country}`) : 0);
  }
  return code;
}

export function roleFor(country: RegistryCountry, language: Language, key: RoleKey): Role & { iso5009Code: string } {
  const standard = roleStandard[key];
  return {
    standardized: standard.standardized,
    localName: localRoleNames[language][key] ?? standard.english,
    englishTranslation: standard.english,
    iso5009Code: iso5009Code(country, key),
  };
}
