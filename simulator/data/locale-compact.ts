// Compact locale data for the remaining countries: their own identifier formats (identifiers.ts),
// currency, a few cities, streets, names and their common legal forms.
import { frenchPeople, germanPeople } from "./locale-rich";
import { lf, standardForms } from "./legal-form-builder";
import type { Language, LegalFormInput, LocaleData, PeopleNames } from "./profile-types";

interface CompactInput {
  language?: Language;
  currency: string;
  phoneCode: string;
  tld: string;
  register: string;
  roots: string[];
  sectors: [string, string][];
  cities: [string, string][];
  streets: string[];
  numberFirst?: boolean;
  people: PeopleNames | [string[], string[], string[]];
  forms: LegalFormInput[];
  accountingStandard?: string;
  taxIdType?: string;
}

function compact(input: CompactInput): LocaleData {
  const people = Array.isArray(input.people) ? { male: input.people[0], female: input.people[1], last: input.people[2] } : input.people;
  return {
    language: input.language ?? "en",
    currency: input.currency,
    phoneCode: input.phoneCode,
    tld: input.tld,
    register: input.register,
    roots: input.roots,
    sectors: input.sectors.map(([local, english]) => ({ local, english })),
    cities: input.cities.map(([name, postal]) => ({ name, postal })),
    streets: input.streets,
    addressLine: input.numberFirst ? (street, number) => `${number} ${street}` : undefined,
    people,
    legalForms: input.forms,
    accountingStandard: input.accountingStandard,
    taxIdType: input.taxIdType,
  };
}

const englishPeople: [string[], string[], string[]] = [
  ["James", "Michael", "Daniel", "Thomas", "Patrick", "Andrew"],
  ["Mary", "Sarah", "Laura", "Claire", "Rebecca", "Emma"],
  ["Le Brocq", "Renouf", "Ozanne", "Mauger", "Smith", "Roberts", "Walsh", "Murphy"],
];
const englishSectors: [string, string][] = [["Holdings", "Holdings"], ["Investments", "Investments"], ["Trading", "Trading"], ["Properties", "Properties"], ["Capital", "Capital"], ["Services", "Services"]];
const commonLawForms = (jsc = "Public company limited by shares"): LegalFormInput[] => [
  lf("Private company limited by shares", "Limited", "Private company limited by shares", "Limited", "Limited Liability Company", "capital", "managers", 80),
  lf(jsc, "PLC", jsc, "PLC", "Corporation", "jointStock", "board", 8),
  lf("Company limited by guarantee", "", "Company limited by guarantee", "Limited", "Nonprofit Organization", "nonProfit", "association", 6),
  lf("Sole trader", "", "Sole trader", "", "Sole Proprietorship", "sole", "owner", 6),
];

export const compactLocales = {
  AT: compact({
    language: "de", currency: "EUR", phoneCode: "+43", tld: "at", register: "Firmenbuch (Justiz)",
    roots: ["Donau", "Tirol", "Wienerwald", "Salzach", "Kärnten", "Semmering", "Wachau", "Arlberg"],
    sectors: [["Handel", "Trading"], ["Bau", "Construction"], ["Technik", "Engineering"], ["Beteiligungen", "Holdings"], ["Tourismus", "Tourism"]],
    cities: [["Wien", "1###"], ["Graz", "80##"], ["Linz", "40##"], ["Salzburg", "50##"], ["Innsbruck", "60##"]],
    streets: ["Mariahilfer Straße", "Ringstraße", "Hauptplatz", "Landstraße", "Herrengasse"],
    people: germanPeople,
    forms: standardForms({ llc: ["Gesellschaft mit beschränkter Haftung", "GmbH"], jsc: ["Aktiengesellschaft", "AG"], sole: ["Eingetragenes Einzelunternehmen", "e.U."], association: ["Verein", ""] }),
  }),
  CY: compact({
    currency: "EUR", phoneCode: "+357", tld: "com.cy", register: "Department of Registrar of Companies and Intellectual Property",
    roots: ["Troodos", "Aphrodite", "Kyrenia", "Limassol Marina", "Akamas", "Salamis", "Kition", "Paphos Bay"],
    sectors: englishSectors,
    cities: [["Nicosia", "10##"], ["Limassol", "30##"], ["Larnaca", "60##"], ["Paphos", "80##"]],
    streets: ["Makariou III Avenue", "Archbishop Kyprianou Street", "Spyrou Kyprianou Avenue", "Gladstonos Street"],
    people: [["Andreas", "Christos", "Giorgos", "Michalis", "Panayiotis"], ["Maria", "Eleni", "Andri", "Christina", "Despo"], ["Georgiou", "Christodoulou", "Charalambous", "Ioannou", "Constantinou", "Demetriou"]],
    forms: commonLawForms(),
  }),
  DK: compact({
    currency: "DKK", phoneCode: "+45", tld: "dk", register: "Det Centrale Virksomhedsregister (CVR)",
    roots: ["Øresund", "Jylland", "Fyn", "Nordsø", "Kattegat", "Limfjord", "Bornholm", "Himmerland"],
    sectors: [["Handel", "Trading"], ["Byg", "Construction"], ["Invest", "Investment"], ["Teknik", "Engineering"], ["Logistik", "Logistics"]],
    cities: [["København", "1###"], ["Aarhus", "8000"], ["Odense", "5000"], ["Aalborg", "9000"]],
    streets: ["Strøget", "Vesterbrogade", "Nørregade", "Søndergade", "Østergade"],
    people: [["Lars", "Jens", "Peter", "Niels", "Søren", "Henrik"], ["Anne", "Mette", "Kirsten", "Hanne", "Susanne", "Camilla"], ["Nielsen", "Jensen", "Hansen", "Pedersen", "Andersen", "Christensen", "Larsen"]],
    forms: standardForms({ llc: ["Anpartsselskab", "ApS"], jsc: ["Aktieselskab", "A/S"], sole: ["Enkeltmandsvirksomhed", ""], association: ["Forening", ""] }),
  }),
  EE: compact({
    currency: "EUR", phoneCode: "+372", tld: "ee", register: "e-Äriregister (Registrite ja Infosüsteemide Keskus)",
    roots: ["Toompea", "Peipsi", "Saaremaa", "Emajõgi", "Kalev", "Viru", "Pärnu", "Lahemaa"],
    sectors: [["Ehitus", "Construction"], ["Kaubandus", "Trading"], ["Tehnoloogia", "Technology"], ["Logistika", "Logistics"], ["Invest", "Investment"]],
    cities: [["Tallinn", "10###"], ["Tartu", "50###"], ["Pärnu", "80###"], ["Narva", "20###"]],
    streets: ["Narva maantee", "Pärnu maantee", "Tartu maantee", "Viru tänav", "Rüütli tänav"],
    people: [["Andres", "Jaan", "Toomas", "Mart", "Rein", "Priit"], ["Kristiina", "Mari", "Tiina", "Kadri", "Liis", "Triin"], ["Tamm", "Saar", "Sepp", "Mägi", "Kask", "Kukk", "Rebane"]],
    forms: standardForms({ llc: ["Osaühing", "OÜ"], jsc: ["Aktsiaselts", "AS"], sole: ["Füüsilisest isikust ettevõtja", "FIE"], association: ["Mittetulundusühing", "MTÜ"] }),
  }),
  FI: compact({
    currency: "EUR", phoneCode: "+358", tld: "fi", register: "Kaupparekisteri (Patentti- ja rekisterihallitus)",
    roots: ["Saimaa", "Lappi", "Aurora", "Kalevala", "Pohjola", "Tapiola", "Karjala", "Ahvena"],
    sectors: [["Rakennus", "Construction"], ["Kauppa", "Trading"], ["Teknologia", "Technology"], ["Logistiikka", "Logistics"], ["Sijoitus", "Investment"]],
    cities: [["Helsinki", "00###"], ["Espoo", "02###"], ["Tampere", "33###"], ["Turku", "20###"], ["Oulu", "90###"]],
    streets: ["Mannerheimintie", "Aleksanterinkatu", "Hämeenkatu", "Esplanadi", "Kauppakatu"],
    people: [["Mikko", "Juha", "Timo", "Jari", "Antti", "Pekka"], ["Anna", "Tiina", "Sari", "Minna", "Laura", "Johanna"], ["Korhonen", "Virtanen", "Mäkinen", "Nieminen", "Mäkelä", "Hämäläinen", "Laine"]],
    forms: standardForms({ llc: ["Osakeyhtiö", "Oy"], jsc: ["Julkinen osakeyhtiö", "Oyj"], sole: ["Toiminimi", "Tmi"], association: ["Yhdistys", "ry"] }),
  }),
  GG: compact({
    currency: "GBP", phoneCode: "+44", tld: "gg", register: "Guernsey Registry",
    roots: ["Sarnia", "St Peter Port", "Herm", "Castle Cornet", "Havelet", "Cobo", "Fermain", "Vazon"],
    sectors: englishSectors,
    cities: [["St Peter Port", "GY1 #AB"], ["St Sampson", "GY2 #CD"], ["Vale", "GY3 #EF"]],
    streets: ["Le Pollet", "High Street", "Les Banques", "The Grange", "Smith Street"],
    numberFirst: true,
    people: englishPeople,
    forms: commonLawForms("Public company"),
  }),
  HR: compact({
    currency: "EUR", phoneCode: "+385", tld: "hr", register: "Sudski registar (Ministarstvo pravosuđa)",
    roots: ["Jadran", "Velebit", "Dalmacija", "Istra", "Kvarner", "Sava", "Drava", "Plitvice"],
    sectors: [["Gradnja", "Construction"], ["Trgovina", "Trading"], ["Turizam", "Tourism"], ["Tehnologije", "Technologies"], ["Logistika", "Logistics"]],
    cities: [["Zagreb", "10000"], ["Split", "21000"], ["Rijeka", "51000"], ["Osijek", "31000"]],
    streets: ["Ilica", "Vukovarska ulica", "Savska cesta", "Riva", "Korzo"],
    people: [["Ivan", "Marko", "Josip", "Tomislav", "Ante", "Luka"], ["Ana", "Marija", "Ivana", "Petra", "Maja", "Katarina"], ["Horvat", "Kovačević", "Babić", "Marić", "Jurić", "Novak", "Knežević"]],
    forms: standardForms({ llc: ["Društvo s ograničenom odgovornošću", "d.o.o."], jsc: ["Dioničko društvo", "d.d."], sole: ["Obrt", ""], association: ["Udruga", ""] }),
  }),
  HU: compact({
    currency: "HUF", phoneCode: "+36", tld: "hu", register: "Cégbíróság (Céginformációs Szolgálat)",
    roots: ["Duna", "Balaton", "Tisza", "Mátra", "Pannon", "Alföld", "Tokaj", "Bakony"],
    sectors: [["Építő", "Construction"], ["Kereskedelmi", "Trading"], ["Technológia", "Technology"], ["Logisztika", "Logistics"], ["Befektetési", "Investment"]],
    cities: [["Budapest", "1###"], ["Debrecen", "40##"], ["Szeged", "67##"], ["Győr", "90##"], ["Pécs", "76##"]],
    streets: ["Andrássy út", "Váci utca", "Rákóczi út", "Kossuth Lajos utca", "Fő utca"],
    people: [["László", "István", "József", "Zoltán", "Gábor", "Péter"], ["Mária", "Erzsébet", "Katalin", "Ildikó", "Eszter", "Anna"], ["Nagy", "Kovács", "Tóth", "Szabó", "Horváth", "Varga", "Kiss"]],
    forms: standardForms({ llc: ["Korlátolt felelősségű társaság", "Kft."], jsc: ["Zártkörűen működő részvénytársaság", "Zrt."], sole: ["Egyéni vállalkozó", "e.v."], association: ["Egyesület", ""] }),
  }),
  IE: compact({
    currency: "EUR", phoneCode: "+353", tld: "ie", register: "Companies Registration Office (CRO)",
    roots: ["Shannon", "Liffey", "Connemara", "Wicklow", "Burren", "Kerry", "Emerald", "Boyne"],
    sectors: englishSectors,
    cities: [["Dublin", "D0# X###"], ["Cork", "T12 X###"], ["Galway", "H91 X###"], ["Limerick", "V94 X###"]],
    streets: ["Grafton Street", "O'Connell Street", "Baggot Street", "Patrick Street", "Shop Street"],
    numberFirst: true,
    people: [["Sean", "Patrick", "Conor", "Ciarán", "Declan", "Brian"], ["Siobhán", "Aoife", "Niamh", "Mary", "Orla", "Sinéad"], ["Murphy", "Kelly", "O'Sullivan", "Walsh", "Byrne", "Ryan", "O'Brien"]],
    forms: [
      lf("Private company limited by shares", "Limited", "Private company limited by shares", "Limited", "Limited Liability Company", "capital", "managers", 75),
      lf("Designated activity company", "DAC", "Designated activity company", "DAC", "Limited Liability Company", "capital", "managers", 8),
      lf("Public limited company", "PLC", "Public limited company", "PLC", "Corporation", "jointStock", "board", 5),
      lf("Company limited by guarantee", "CLG", "Company limited by guarantee", "CLG", "Nonprofit Organization", "nonProfit", "association", 6),
      lf("Sole trader", "", "Sole trader", "", "Sole Proprietorship", "sole", "owner", 6),
    ],
  }),
  IS: compact({
    currency: "ISK", phoneCode: "+354", tld: "is", register: "Fyrirtækjaskrá (Skatturinn)",
    roots: ["Hekla", "Vatnajökull", "Esja", "Geysir", "Þingvellir", "Snæfell", "Katla", "Askja"],
    sectors: [["Fjárfesting", "Investment"], ["Sjávarútvegur", "Fisheries"], ["Verslun", "Trading"], ["Tækni", "Technology"]],
    cities: [["Reykjavík", "1##"], ["Kópavogur", "20#"], ["Akureyri", "60#"], ["Hafnarfjörður", "22#"]],
    streets: ["Laugavegur", "Borgartún", "Hafnarstræti", "Suðurlandsbraut", "Skólavörðustígur"],
    people: [["Jón", "Sigurður", "Guðmundur", "Gunnar", "Ólafur", "Einar"], ["Guðrún", "Anna", "Kristín", "Sigríður", "Margrét", "Helga"], ["Jónsson", "Sigurðsson", "Guðmundsson", "Gunnarsson", "Ólafsson", "Einarsson"]],
    forms: standardForms({ llc: ["Einkahlutafélag", "ehf."], jsc: ["Hlutafélag", "hf."], sole: ["Einstaklingsfyrirtæki", ""], association: ["Félagasamtök", ""] }),
  }),
  JE: compact({
    currency: "GBP", phoneCode: "+44", tld: "je", register: "Jersey Financial Services Commission Registry",
    roots: ["Mont Orgueil", "St Helier", "Gorey", "St Aubin", "Grouville", "Rozel", "Corbière", "Elizabeth Castle"],
    sectors: englishSectors,
    cities: [["St Helier", "JE2 #AB"], ["St Brelade", "JE3 #CD"], ["St Saviour", "JE2 #EF"]],
    streets: ["Esplanade", "Seaton Place", "Bath Street", "Grenville Street", "Hill Street"],
    numberFirst: true,
    people: englishPeople,
    forms: commonLawForms("Public company"),
  }),
  LI: compact({
    language: "de", currency: "CHF", phoneCode: "+423", tld: "li", register: "Handelsregister (Amt für Justiz)",
    roots: ["Rhein", "Gutenberg", "Malbun", "Alpspitz", "Drei Schwestern", "Schellenberg", "Vaduz Schloss", "Ellhorn"],
    sectors: [["Treuhand", "Fiduciary"], ["Anstalt", "Establishment"], ["Vermögensverwaltung", "Asset Management"], ["Holding", "Holding"]],
    cities: [["Vaduz", "9490"], ["Schaan", "9494"], ["Triesen", "9495"], ["Balzers", "9496"]],
    streets: ["Städtle", "Landstrasse", "Aeulestrasse", "Austrasse", "Im alten Riet"],
    people: germanPeople,
    forms: [
      lf("Aktiengesellschaft", "AG", "Company limited by shares", "AG", "Corporation", "jointStock", "board", 35),
      lf("Anstalt", "", "Establishment", "Establishment", "Other", "capital", "board", 25),
      lf("Gesellschaft mit beschränkter Haftung", "GmbH", "Limited liability company", "GmbH", "Limited Liability Company", "capital", "managers", 25),
      lf("Stiftung", "", "Foundation", "Foundation", "Nonprofit Organization", "nonProfit", "association", 10),
      lf("Einzelunternehmen", "", "Sole proprietorship", "", "Sole Proprietorship", "sole", "owner", 5),
    ],
  }),
  LV: compact({
    currency: "EUR", phoneCode: "+371", tld: "lv", register: "Uzņēmumu reģistrs",
    roots: ["Daugava", "Gauja", "Kurzeme", "Vidzeme", "Baltija", "Jūrmala", "Rīgas Līcis", "Latgale"],
    sectors: [["Būvniecība", "Construction"], ["Tirdzniecība", "Trading"], ["Loģistika", "Logistics"], ["Tehnoloģijas", "Technologies"]],
    cities: [["Rīga", "LV-10##"], ["Daugavpils", "LV-54##"], ["Liepāja", "LV-34##"], ["Jelgava", "LV-30##"]],
    streets: ["Brīvības iela", "Elizabetes iela", "Krišjāņa Barona iela", "Tērbatas iela", "Dzirnavu iela"],
    people: [["Jānis", "Andris", "Māris", "Juris", "Edgars", "Artūrs"], ["Anna", "Inese", "Ilze", "Līga", "Kristīne", "Dace"], ["Bērziņš", "Kalniņš", "Ozoliņš", "Jansons", "Liepiņš", "Krūmiņš"]],
    forms: standardForms({ llc: ["Sabiedrība ar ierobežotu atbildību", "SIA"], jsc: ["Akciju sabiedrība", "AS"], sole: ["Individuālais komersants", "IK"], association: ["Biedrība", ""] }),
  }),
  MC: compact({
    language: "fr", currency: "EUR", phoneCode: "+377", tld: "mc", register: "Répertoire du Commerce et de l'Industrie (RCI)",
    roots: ["Monte-Carlo", "Fontvieille", "Larvotto", "Hercule", "Grimaldi", "Condamine", "Rocher", "Saint-Roman"],
    sectors: [["Gestion", "Management"], ["Yachting", "Yachting"], ["Immobilier", "Real Estate"], ["Conseil", "Consulting"]],
    cities: [["Monaco", "98000"]],
    streets: ["boulevard des Moulins", "avenue de la Costa", "boulevard Princesse Charlotte", "rue Grimaldi", "avenue Princesse Grace"],
    numberFirst: true,
    people: frenchPeople,
    forms: standardForms({ llc: ["Société à responsabilité limitée", "SARL"], jsc: ["Société anonyme monégasque", "SAM"], sole: ["Entreprise individuelle", ""], association: ["Association", ""] }),
  }),
  MT: compact({
    currency: "EUR", phoneCode: "+356", tld: "com.mt", register: "Malta Business Registry",
    roots: ["Valletta", "Mdina", "Gozo", "Comino", "Marsaxlokk", "Sliema", "Mellieħa", "Ħal Saflieni"],
    sectors: englishSectors,
    cities: [["Valletta", "VLT ####"], ["Sliema", "SLM ####"], ["St Julian's", "STJ ####"], ["Birkirkara", "BKR ####"]],
    streets: ["Republic Street", "Triq il-Kbira", "Tower Road", "Merchants Street", "Triq San Ġorġ"],
    people: [["Joseph", "John", "Mario", "Paul", "Carmel", "Anthony"], ["Maria", "Carmen", "Rita", "Doris", "Josephine", "Claire"], ["Borg", "Camilleri", "Vella", "Farrugia", "Zammit", "Galea", "Micallef"]],
    forms: standardForms({ llc: ["Private limited liability company", "Ltd"], jsc: ["Public limited liability company", "p.l.c."], sole: ["Sole trader", ""], association: ["Voluntary organisation", ""] }),
  }),
  NO: compact({
    currency: "NOK", phoneCode: "+47", tld: "no", register: "Foretaksregisteret (Brønnøysundregistrene)",
    roots: ["Fjord", "Nordkapp", "Lofoten", "Troll", "Hardanger", "Viking", "Dovre", "Sognefjord"],
    sectors: [["Invest", "Investment"], ["Eiendom", "Real Estate"], ["Shipping", "Shipping"], ["Teknologi", "Technology"], ["Sjømat", "Seafood"]],
    cities: [["Oslo", "0###"], ["Bergen", "50##"], ["Trondheim", "70##"], ["Stavanger", "40##"]],
    streets: ["Karl Johans gate", "Bryggen", "Storgata", "Kongens gate", "Dronningens gate"],
    people: [["Ole", "Lars", "Jan", "Per", "Bjørn", "Kjetil"], ["Anne", "Inger", "Kari", "Marit", "Ingrid", "Liv"], ["Hansen", "Johansen", "Olsen", "Larsen", "Andersen", "Pedersen", "Nilsen"]],
    forms: standardForms({ llc: ["Aksjeselskap", "AS"], jsc: ["Allmennaksjeselskap", "ASA"], sole: ["Enkeltpersonforetak", "ENK"], association: ["Forening", ""] }),
  }),
  PL: compact({
    currency: "PLN", phoneCode: "+48", tld: "pl", register: "Krajowy Rejestr Sądowy (KRS)",
    roots: ["Wisła", "Tatry", "Mazowsze", "Bałtyk", "Karkonosze", "Warta", "Pomorze", "Wawel"],
    sectors: [["Budownictwo", "Construction"], ["Handel", "Trading"], ["Logistyka", "Logistics"], ["Technologie", "Technologies"], ["Inwestycje", "Investments"]],
    cities: [["Warszawa", "00-###"], ["Kraków", "30-###"], ["Wrocław", "50-###"], ["Gdańsk", "80-###"], ["Poznań", "60-###"]],
    streets: ["ul. Marszałkowska", "ul. Floriańska", "al. Jerozolimskie", "ul. Długa", "ul. Piotrkowska"],
    people: [["Piotr", "Krzysztof", "Andrzej", "Tomasz", "Paweł", "Marcin"], ["Anna", "Katarzyna", "Małgorzata", "Agnieszka", "Magdalena", "Joanna"], ["Nowak", "Kowalczyk", "Wiśniewski", "Wójcik", "Kamiński", "Lewandowski", "Zieliński"]],
    forms: standardForms({ llc: ["Spółka z ograniczoną odpowiedzialnością", "sp. z o.o."], jsc: ["Spółka akcyjna", "S.A."], sole: ["Jednoosobowa działalność gospodarcza", ""], association: ["Stowarzyszenie", ""] }),
  }),
  PT: compact({
    currency: "EUR", phoneCode: "+351", tld: "pt", register: "Registo Comercial (IRN)",
    roots: ["Tejo", "Douro", "Algarve", "Lusitânia", "Atlântico", "Minho", "Sintra", "Alfama"],
    sectors: [["Construções", "Construction"], ["Comércio", "Trading"], ["Tecnologia", "Technology"], ["Investimentos", "Investments"], ["Turismo", "Tourism"]],
    cities: [["Lisboa", "1###-###"], ["Porto", "4###-###"], ["Braga", "47##-###"], ["Coimbra", "30##-###"], ["Faro", "80##-###"]],
    streets: ["Avenida da Liberdade", "Rua Augusta", "Rua de Santa Catarina", "Avenida dos Aliados", "Rua do Ouro"],
    people: [["João", "José", "António", "Manuel", "Pedro", "Rui"], ["Maria", "Ana", "Joana", "Sofia", "Inês", "Catarina"], ["Silva", "Santos", "Ferreira", "Pereira", "Oliveira", "Costa", "Rodrigues"]],
    forms: standardForms({ llc: ["Sociedade por quotas", "Lda."], jsc: ["Sociedade anónima", "S.A."], sole: ["Empresário em nome individual", ""], association: ["Associação", ""] }),
  }),
  RO: compact({
    currency: "RON", phoneCode: "+40", tld: "ro", register: "Oficiul Național al Registrului Comerțului (ONRC)",
    roots: ["Carpați", "Dunărea", "Transilvania", "Bucegi", "Delta", "Moldova", "Olt", "Dacia"],
    sectors: [["Construcții", "Construction"], ["Comerț", "Trading"], ["Logistică", "Logistics"], ["Tehnologie", "Technology"], ["Agro", "Agro"]],
    cities: [["București", "0#####"], ["Cluj-Napoca", "400###"], ["Timișoara", "300###"], ["Iași", "700###"], ["Constanța", "900###"]],
    streets: ["Calea Victoriei", "Bulevardul Unirii", "Strada Lipscani", "Bulevardul Eroilor", "Strada Republicii"],
    people: [["Andrei", "Mihai", "Alexandru", "Ion", "Gheorghe", "Cristian"], ["Maria", "Elena", "Ioana", "Andreea", "Mihaela", "Ana"], ["Popescu", "Ionescu", "Popa", "Constantin", "Stan", "Dumitru", "Stoica"]],
    forms: standardForms({ llc: ["Societate cu răspundere limitată", "S.R.L."], jsc: ["Societate pe acțiuni", "S.A."], sole: ["Persoană fizică autorizată", "PFA"], association: ["Asociație", ""] }),
  }),
  SE: compact({
    currency: "SEK", phoneCode: "+46", tld: "se", register: "Bolagsverket",
    roots: ["Norrland", "Vänern", "Gotland", "Lappland", "Skåne", "Dalarna", "Öresund", "Kebnekaise"],
    sectors: [["Fastigheter", "Real Estate"], ["Bygg", "Construction"], ["Handel", "Trading"], ["Teknik", "Engineering"], ["Invest", "Investment"]],
    cities: [["Stockholm", "1## ##"], ["Göteborg", "4## ##"], ["Malmö", "2## ##"], ["Uppsala", "75# ##"]],
    streets: ["Drottninggatan", "Kungsgatan", "Storgatan", "Sveavägen", "Avenyn"],
    people: [["Erik", "Lars", "Anders", "Johan", "Per", "Karl"], ["Anna", "Maria", "Eva", "Karin", "Kristina", "Lena"], ["Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson"]],
    forms: standardForms({ llc: ["Privat aktiebolag", "AB"], jsc: ["Publikt aktiebolag", "AB (publ)"], sole: ["Enskild näringsidkare", ""], association: ["Ideell förening", ""] }),
  }),
  SG: compact({
    currency: "SGD", phoneCode: "+65", tld: "com.sg", register: "Accounting and Corporate Regulatory Authority (ACRA)",
    roots: ["Merlion", "Raffles", "Marina", "Orchard", "Sentosa", "Temasek", "Lion City", "Jurong"],
    sectors: englishSectors,
    cities: [["Singapore", "0#####"], ["Singapore", "2#####"], ["Singapore", "6#####"]],
    streets: ["Raffles Place", "Orchard Road", "Shenton Way", "Robinson Road", "Cecil Street"],
    numberFirst: true,
    people: [["Wei Ming", "Jun Jie", "Rajesh", "Kumar", "Daniel", "Ahmad"], ["Mei Ling", "Hui Min", "Priya", "Siti", "Rachel", "Xin Yi"], ["Tan", "Lim", "Lee", "Ng", "Ong", "Wong", "Goh"]],
    forms: [
      lf("Private company limited by shares", "Pte. Ltd.", "Private company limited by shares", "Pte. Ltd.", "Limited Liability Company", "capital", "managers", 80),
      lf("Public company limited by shares", "Ltd.", "Public company limited by shares", "Ltd.", "Corporation", "jointStock", "board", 6),
      lf("Sole proprietorship", "", "Sole proprietorship", "", "Sole Proprietorship", "sole", "owner", 8),
      lf("Public company limited by guarantee", "", "Company limited by guarantee", "Ltd.", "Nonprofit Organization", "nonProfit", "association", 6),
    ],
  }),
  SI: compact({
    currency: "EUR", phoneCode: "+386", tld: "si", register: "Poslovni register Slovenije (AJPES)",
    roots: ["Triglav", "Bled", "Soča", "Kras", "Pohorje", "Ljubljanica", "Kamnik", "Piran"],
    sectors: [["Gradbeništvo", "Construction"], ["Trgovina", "Trading"], ["Tehnologije", "Technologies"], ["Logistika", "Logistics"]],
    cities: [["Ljubljana", "1000"], ["Maribor", "2000"], ["Celje", "3000"], ["Koper", "6000"]],
    streets: ["Slovenska cesta", "Dunajska cesta", "Trubarjeva ulica", "Gosposka ulica", "Prešernov trg"],
    people: [["Franc", "Janez", "Marko", "Andrej", "Luka", "Matej"], ["Marija", "Ana", "Maja", "Irena", "Mojca", "Nina"], ["Novak", "Horvat", "Kovačič", "Krajnc", "Zupančič", "Potočnik"]],
    forms: standardForms({ llc: ["Družba z omejeno odgovornostjo", "d.o.o."], jsc: ["Delniška družba", "d.d."], sole: ["Samostojni podjetnik", "s.p."], association: ["Društvo", ""] }),
  }),
  SK: compact({
    language: "cs", currency: "EUR", phoneCode: "+421", tld: "sk", register: "Obchodný register (Ministerstvo spravodlivosti SR)",
    roots: ["Tatry", "Dunaj", "Fatra", "Váh", "Hron", "Devín", "Orava", "Spiš"],
    sectors: [["Stavby", "Construction"], ["Obchod", "Trading"], ["Logistika", "Logistics"], ["Technológie", "Technologies"]],
    cities: [["Bratislava", "8## ##"], ["Košice", "040 ##"], ["Žilina", "010 ##"], ["Nitra", "949 ##"]],
    streets: ["Obchodná", "Hlavná", "Štúrova", "Námestie SNP", "Mlynské nivy"],
    people: { male: ["Peter", "Ján", "Martin", "Michal", "Jozef", "Tomáš"], female: ["Mária", "Anna", "Zuzana", "Katarína", "Eva", "Jana"], last: ["Horváth", "Kováč", "Varga", "Tóth", "Nagy", "Baláž", "Szabó"] },
    forms: standardForms({ llc: ["Spoločnosť s ručením obmedzeným", "s.r.o."], jsc: ["Akciová spoločnosť", "a.s."], sole: ["Živnostník", ""], association: ["Občianske združenie", "o.z."] }),
  }),
  VG: compact({
    currency: "USD", phoneCode: "+1 284", tld: "vg", register: "BVI Financial Services Commission Registry of Corporate Affairs",
    roots: ["Tortola", "Virgin Gorda", "Road Town", "Anegada", "Jost Van Dyke", "Sage Mountain", "Cane Garden", "Trellis Bay"],
    sectors: englishSectors,
    cities: [["Road Town", "VG1110"], ["Road Town", "VG1120"], ["Spanish Town", "VG1150"]],
    streets: ["Wickhams Cay I", "Main Street", "Waterfront Drive", "Flemming Street", "Pasea Estate"],
    numberFirst: true,
    people: englishPeople,
    forms: [
      lf("BVI Business Company limited by shares", "Limited", "BVI business company", "Limited", "Limited Liability Company", "capital", "managers", 90),
      lf("Company limited by guarantee", "", "Company limited by guarantee", "Limited", "Nonprofit Organization", "nonProfit", "association", 10),
    ],
  }),
} satisfies Record<string, LocaleData>;
