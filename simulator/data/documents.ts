// The `documents` section: register extracts, history, financial statements (with extracted data),
// articles of association, UBO certificates and other filings. Every document carries `source`.
// Documents a company cannot have are listed as `no_document_available` (see company.ts).
import type {
  ArticleOfAssociation,
  Documents,
  DocumentSource,
  FinancialStatement,
  RegistryDocument,
} from "../../lib/registry/schemas.shared";
import { extractedData, financialSeries } from "./financials";
import type { CompanyIdentity } from "./identity";
import type { Language } from "./profile-types";
import type { Rng } from "./random";
import { documentId, randomDateBetween, referenceDate, referenceYear } from "./values";

type DocKind = "extract" | "certified" | "history" | "accounts" | "articles" | "ubo" | "other";

const localDocNames: Record<Language, Record<DocKind, string>> = {
  fr: {
    extract: "Extrait Kbis",
    certified: "Extrait Kbis certifié",
    history: "Historique des inscriptions",
    accounts: "Comptes annuels",
    articles: "Statuts mis à jour",
    ubo: "Extrait du registre des bénéficiaires effectifs",
    other: "Procès-verbal d'assemblée",
  },
  de: {
    extract: "Aktueller Handelsregisterauszug",
    certified: "Beglaubigter Handelsregisterauszug",
    history: "Chronologischer Handelsregisterauszug",
    accounts: "Jahresabschluss",
    articles: "Gesellschaftsvertrag",
    ubo: "Auszug aus dem Transparenzregister",
    other: "Liste der Gesellschafter",
  },
  en: {
    extract: "Company overview",
    certified: "Certified copy of the register",
    history: "Filing history",
    accounts: "Annual accounts",
    articles: "Articles of association",
    ubo: "Register of beneficial owners extract",
    other: "Confirmation statement",
  },
  it: {
    extract: "Visura camerale ordinaria",
    certified: "Certificato di iscrizione",
    history: "Visura storica",
    accounts: "Bilancio d'esercizio",
    articles: "Statuto",
    ubo: "Visura titolari effettivi",
    other: "Elenco soci",
  },
  es: {
    extract: "Nota simple mercantil",
    certified: "Certificación registral",
    history: "Historial registral",
    accounts: "Cuentas anuales",
    articles: "Estatutos sociales",
    ubo: "Certificado de titularidad real",
    other: "Acta de junta general",
  },
  nl: {
    extract: "Uittreksel handelsregister",
    certified: "Gewaarmerkt uittreksel",
    history: "Historisch uittreksel",
    accounts: "Jaarrekening",
    articles: "Statuten",
    ubo: "Uittreksel UBO-register",
    other: "Aandeelhoudersregister",
  },
  cs: {
    extract: "Výpis z obchodního rejstříku",
    certified: "Ověřený výpis z obchodního rejstříku",
    history: "Úplný výpis",
    accounts: "Účetní závěrka",
    articles: "Společenská smlouva",
    ubo: "Výpis z evidence skutečných majitelů",
    other: "Notářský zápis",
  },
  zh: {
    extract: "企业信用信息公示报告",
    certified: "营业执照副本（认证）",
    history: "变更记录",
    accounts: "年度财务报告",
    articles: "公司章程",
    ubo: "受益所有人信息",
    other: "年度报告",
  },
  ru: {
    extract: "Выписка из ЕГРЮЛ",
    certified: "Заверенная выписка из ЕГРЮЛ",
    history: "История изменений",
    accounts: "Бухгалтерская отчётность",
    articles: "Устав",
    ubo: "Сведения о бенефициарных владельцах",
    other: "Протокол общего собрания",
  },
  el: {
    extract: "Πιστοποιητικό ΓΕΜΗ",
    certified: "Επικυρωμένο πιστοποιητικό ΓΕΜΗ",
    history: "Ιστορικό μεταβολών",
    accounts: "Οικονομικές καταστάσεις",
    articles: "Καταστατικό",
    ubo: "Μητρώο πραγματικών δικαιούχων",
    other: "Πρακτικό γενικής συνέλευσης",
  },
  bg: {
    extract: "Актуално състояние",
    certified: "Удостоверение за актуално състояние",
    history: "История на вписванията",
    accounts: "Годишен финансов отчет",
    articles: "Устав",
    ubo: "Действителни собственици",
    other: "Протокол от общо събрание",
  },
};

const englishDocNames: Record<DocKind, string> = {
  extract: "Trade register extract",
  certified: "Certified trade register extract",
  history: "Trade register history",
  accounts: "Annual financial statements",
  articles: "Articles of association",
  ubo: "Beneficial ownership register extract",
  other: "Minutes of the general meeting",
};

const docTypes: Record<DocKind, string> = {
  extract: "uncertified_trade_register_extract",
  certified: "certified_trade_register_extract",
  history: "trade_register_history",
  accounts: "financial_statement",
  articles: "other",
  ubo: "ubo_extract",
  other: "other",
};

/** Document keys of the `documents` object. */
export const documentKeys = [
  "tradeRegisterExtract",
  "certifiedTradeRegisterExtract",
  "tradeRegisterHistory",
  "financialStatements",
  "lastFiscalYearFinancialStatement",
  "articlesOfAssociation",
  "mostCompleteArticleOfAssociation",
  "ultimateBeneficialOwnersCertificate",
  "otherDocuments",
] as const;
export type DocumentKey = (typeof documentKeys)[number];

const uboRegisterCountries = new Set([
  "FR",
  "DE",
  "BE",
  "LU",
  "NL",
  "IT",
  "ES",
  "CZ",
  "SK",
  "AT",
  "DK",
  "EE",
  "LV",
  "MT",
  "CY",
  "PT",
  "SI",
  "HR",
  "BG",
  "RO",
  "PL",
  "HU",
  "IE",
  "FI",
  "SE",
  "LI",
  "GG",
  "JE",
]);

class DocumentFactory {
  constructor(
    private readonly identity: CompanyIdentity,
    private readonly rng: Rng,
  ) {}

  source(date: string, reason: string): DocumentSource {
    const register = this.identity.profile.register;
    return { type: "live_from_registry", register, documents: [{ name: englishDocNames.extract, date, reason, register }] };
  }

  base(kind: DocKind, key: string, date: string, price: number, delaySeconds: number, suffix = ""): RegistryDocument {
    const local = localDocNames[this.identity.profile.language][kind];
    return {
      id: documentId(this.identity.country, this.identity.id, key, suffix),
      name: suffix ? `${local} ${suffix}` : local,
      nameInEnglish: suffix ? `${englishDocNames[kind]} ${suffix}` : englishDocNames[kind],
      description: local,
      descriptionInEnglish: englishDocNames[kind],
      type: docTypes[kind],
      format: "pdf",
      estimatedDeliverySeconds: delaySeconds,
      price,
      date,
      source: this.source(date, kind === "accounts" ? "annual filing" : "register extract"),
    };
  }

  statements(years: number): FinancialStatement[] {
    const scale = this.identity.special === "LARGE" ? 5e8 : this.identity.form.family === "jointStock" ? 5e7 : 2e6;
    const series = financialSeries(this.rng, referenceYear - 2, years, scale);
    const consolidated = this.identity.form.family === "jointStock";
    return series.map((figures, index) => {
      const filed = randomDateBetween(this.rng, `${figures.year + 1}-03-01`, `${figures.year + 1}-09-30`);
      return {
        ...this.base("accounts", "accounts", filed, this.rng.int(2, 6), this.rng.int(5, 120), String(figures.year)),
        period: { startDate: { year: figures.year, month: 1, day: 1 }, endDate: { year: figures.year, month: 12, day: 31 } },
        extractedFinancialData: extractedData(
          figures,
          series[index - 1],
          this.identity.profile.currency,
          this.identity.profile.accountingStandard,
          consolidated,
        ),
      };
    });
  }

  articles(): ArticleOfAssociation[] {
    const count = this.rng.int(1, 3);
    return Array.from({ length: count }, (_, i) => {
      const date = randomDateBetween(this.rng, this.identity.incorporationDate, "2025-12-31");
      return {
        ...this.base("articles", "articles", date, this.rng.int(1, 4), this.rng.int(5, 300), String(i + 1)),
        isConsolidated: i === count - 1,
      };
    }).sort((a, b) => (a.date ?? "").localeCompare(b.date ?? ""));
  }
}

export interface DocumentsResult {
  documents: Documents;
  /** Document keys for which no document exists (`no_document_available`, unbilled). */
  unavailable: DocumentKey[];
}

export function buildDocuments(identity: CompanyIdentity, rng: Rng, hasRegisterExtract: boolean): DocumentsResult {
  if (!hasRegisterExtract) return { documents: {}, unavailable: [...documentKeys] };
  const f = new DocumentFactory(identity, rng);
  const documents: Documents = {
    tradeRegisterExtract: f.base("extract", "extract", referenceDate, rng.int(0, 3), rng.int(5, 60)),
    certifiedTradeRegisterExtract: f.base("certified", "certified", referenceDate, rng.int(10, 25), rng.int(3600, 172800)),
  };
  const unavailable: DocumentKey[] = [];
  if (rng.chance(0.6)) documents.tradeRegisterHistory = f.base("history", "history", referenceDate, rng.int(3, 8), rng.int(30, 600));
  else unavailable.push("tradeRegisterHistory");
  // A young company has closed no financial year yet.
  if (identity.entityKind === "company" && identity.special !== "YOUNG") {
    const statements = f.statements(identity.special === "LARGE" ? 10 : rng.int(3, 5));
    documents.financialStatements = statements;
    documents.lastFiscalYearFinancialStatement = statements[statements.length - 1];
  } else unavailable.push("financialStatements", "lastFiscalYearFinancialStatement");
  if (identity.entityKind !== "sole_entrepreneur") {
    const articles = f.articles();
    documents.articlesOfAssociation = articles;
    documents.mostCompleteArticleOfAssociation = articles[articles.length - 1];
  } else unavailable.push("articlesOfAssociation", "mostCompleteArticleOfAssociation");
  if (uboRegisterCountries.has(identity.country) && identity.entityKind !== "sole_entrepreneur")
    documents.ultimateBeneficialOwnersCertificate = [f.base("ubo", "ubo", referenceDate, rng.int(2, 10), rng.int(60, 3600))];
  else unavailable.push("ultimateBeneficialOwnersCertificate");
  documents.otherDocuments =
    rng.chance(0.5) && identity.special !== "YOUNG"
      ? [f.base("other", "other", randomDateBetween(rng, "2023-01-01", "2025-12-31"), rng.int(1, 5), rng.int(5, 600))]
      : [];
  return { documents, unavailable };
}

/** Every orderable document of the section, flattened (the `availableDocuments` listing). */
export function listDocuments(documents: Documents): RegistryDocument[] {
  const seen = new Set<string>();
  const out: RegistryDocument[] = [];
  for (const value of Object.values(documents)) {
    for (const doc of Array.isArray(value) ? value : value ? [value] : []) {
      const d = doc as RegistryDocument;
      if (!seen.has(d.id)) {
        seen.add(d.id);
        out.push(d);
      }
    }
  }
  return out;
}
