// Deterministic romanization of the native scripts the sandbox generates: Russian and Bulgarian
// Cyrillic, Greek (ELOT 743, simplified), simplified Chinese (Hanyu Pinyin, no tones) and traditional
// Chinese as used in Hong Kong (Hong Kong Government Cantonese romanization).

export type Romanization = "ru-cyrillic" | "bg-cyrillic" | "greek" | "han-pinyin" | "han-cantonese";

const cyrillicCommon: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  ю: "yu",
  я: "ya",
};
const russian: Record<string, string> = { ...cyrillicCommon, ё: "yo", х: "kh", щ: "shch", ъ: "", ы: "y", ь: "", э: "e" };
const bulgarian: Record<string, string> = { ...cyrillicCommon, х: "h", щ: "sht", ъ: "a", ь: "y" };

const greek: Record<string, string> = {
  α: "a",
  ά: "a",
  β: "v",
  γ: "g",
  δ: "d",
  ε: "e",
  έ: "e",
  ζ: "z",
  η: "i",
  ή: "i",
  θ: "th",
  ι: "i",
  ί: "i",
  ϊ: "i",
  ΐ: "i",
  κ: "k",
  λ: "l",
  μ: "m",
  ν: "n",
  ξ: "x",
  ο: "o",
  ό: "o",
  π: "p",
  ρ: "r",
  σ: "s",
  ς: "s",
  τ: "t",
  υ: "y",
  ύ: "y",
  ϋ: "y",
  ΰ: "y",
  φ: "f",
  χ: "ch",
  ψ: "ps",
  ω: "o",
  ώ: "o",
};
const greekDigraphs: Record<string, string> = { ου: "ou", ού: "ou", μπ: "b", ντ: "nt", γκ: "gk" };

/** Simplified characters used by the generated Chinese names, with their Pinyin syllable. */
export const hanPinyin: Record<string, string> = {
  北: "bei",
  京: "jing",
  上: "shang",
  海: "hai",
  深: "shen",
  圳: "zhen",
  广: "guang",
  州: "zhou",
  杭: "hang",
  成: "cheng",
  都: "du",
  南: "nan",
  武: "wu",
  汉: "han",
  天: "tian",
  津: "jin",
  苏: "su",
  西: "xi",
  安: "an",
  华: "hua",
  兴: "xing",
  盛: "sheng",
  达: "da",
  恒: "heng",
  信: "xin",
  通: "tong",
  泰: "tai",
  和: "he",
  德: "de",
  鑫: "xin",
  源: "yuan",
  丰: "feng",
  瑞: "rui",
  龙: "long",
  宏: "hong",
  金: "jin",
  新: "xin",
  创: "chuang",
  联: "lian",
  中: "zhong",
  科: "ke",
  技: "ji",
  贸: "mao",
  易: "yi",
  实: "shi",
  业: "ye",
  投: "tou",
  资: "zi",
  集: "ji",
  团: "tuan",
  控: "kong",
  股: "gu",
  物: "wu",
  流: "liu",
  医: "yi",
  药: "yao",
  能: "neng",
  电: "dian",
  子: "zi",
  建: "jian",
  设: "she",
  工: "gong",
  程: "cheng",
  有: "you",
  限: "xian",
  公: "gong",
  司: "si",
  份: "fen",
  发: "fa",
  展: "zhan",
  食: "shi",
  品: "pin",
  路: "lu",
  号: "hao",
  区: "qu",
  市: "shi",
  街: "jie",
  道: "dao",
  人: "ren",
  民: "min",
  大: "da",
  东: "dong",
  王: "wang",
  李: "li",
  张: "zhang",
  刘: "liu",
  陈: "chen",
  杨: "yang",
  赵: "zhao",
  黄: "huang",
  周: "zhou",
  吴: "wu",
  伟: "wei",
  芳: "fang",
  娜: "na",
  敏: "min",
  静: "jing",
  强: "qiang",
  磊: "lei",
  军: "jun",
  洋: "yang",
  勇: "yong",
  艳: "yan",
  杰: "jie",
  娟: "juan",
  涛: "tao",
  明: "ming",
  超: "chao",
  秀: "xiu",
  英: "ying",
  霞: "xia",
  平: "ping",
  文: "wen",
  化: "hua",
  环: "huan",
  保: "bao",
  协: "xie",
  会: "hui",
  个: "ge",
  体: "ti",
  户: "hu",
};

/** Traditional characters used by the generated Hong Kong names, with their Cantonese romanization. */
export const hanCantonese: Record<string, string> = {
  香: "heung",
  港: "kong",
  九: "kau",
  龍: "lung",
  新: "sun",
  界: "kai",
  灣: "wan",
  仔: "tsai",
  中: "chung",
  環: "wan",
  旺: "wong",
  角: "kok",
  沙: "sha",
  田: "tin",
  荃: "tsuen",
  觀: "kwun",
  塘: "tong",
  華: "wah",
  興: "hing",
  盛: "shing",
  達: "tat",
  恒: "hang",
  信: "shun",
  通: "tung",
  泰: "tai",
  和: "wo",
  德: "tak",
  源: "yuen",
  豐: "fung",
  瑞: "sui",
  宏: "wang",
  金: "kam",
  安: "on",
  海: "hoi",
  創: "chong",
  聯: "luen",
  天: "tin",
  國: "kwok",
  際: "chai",
  貿: "mau",
  易: "yik",
  發: "fat",
  展: "chin",
  實: "sat",
  業: "yip",
  投: "tau",
  資: "chi",
  集: "chap",
  團: "tuen",
  控: "hung",
  股: "kwu",
  物: "mat",
  流: "lau",
  科: "fo",
  技: "kei",
  有: "yau",
  限: "han",
  公: "kung",
  司: "sze",
  地: "tei",
  產: "chan",
  置: "chi",
  道: "to",
  街: "kai",
  號: "ho",
  樓: "lau",
  陳: "chan",
  李: "lee",
  張: "cheung",
  黃: "wong",
  何: "ho",
  梁: "leung",
  林: "lam",
  吳: "ng",
  劉: "lau",
  偉: "wai",
  明: "ming",
  嘉: "ka",
  欣: "yan",
  家: "ka",
  俊: "chun",
  美: "mei",
  玲: "ling",
  志: "chi",
  強: "keung",
  慧: "wai",
  儀: "yee",
  文: "man",
  傑: "kit",
  會: "wui",
  協: "hip",
  飲: "yam",
  食: "sik",
  醫: "yi",
  藥: "yeuk",
  電: "tin",
  子: "tsz",
  工: "kung",
  程: "ching",
};

const hanTables: Record<"han-pinyin" | "han-cantonese", Record<string, string>> = {
  "han-pinyin": hanPinyin,
  "han-cantonese": hanCantonese,
};

const capitalize = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
const isUpper = (ch: string | undefined) => ch !== undefined && ch !== ch.toLowerCase() && ch === ch.toUpperCase();

function romanizeAlphabetic(text: string, table: Record<string, string>, digraphs: Record<string, string> = {}): string {
  const chars = Array.from(text);
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    const lower = ch.toLowerCase();
    const pair = lower + (chars[i + 1] ?? "").toLowerCase();
    const digraph = digraphs[pair];
    const mapped = digraph ?? table[lower];
    if (mapped === undefined) {
      out += ch;
      continue;
    }
    if (digraph !== undefined) i++;
    const wordUpper = isUpper(ch) && (isUpper(chars[i + 1]) || isUpper(chars[i - 1 - (digraph ? 1 : 0)]));
    out += wordUpper ? mapped.toUpperCase() : isUpper(ch) ? capitalize(mapped) : mapped;
  }
  return out;
}

/** Han text: one capitalized syllable per character, separated by spaces; other characters kept. */
function romanizeHan(text: string, table: Record<string, string>): string {
  const parts: string[] = [];
  let plain = "";
  for (const ch of text) {
    const syllable = table[ch];
    if (syllable === undefined) {
      plain += ch;
      continue;
    }
    if (plain) parts.push(plain.trim());
    plain = "";
    parts.push(capitalize(syllable));
  }
  if (plain.trim()) parts.push(plain.trim());
  return parts
    .filter(Boolean)
    .join(" ")
    .replace(/\s+([,.;:)])/g, "$1");
}

export function romanize(text: string, system: Romanization): string {
  switch (system) {
    case "ru-cyrillic":
      return romanizeAlphabetic(text, russian);
    case "bg-cyrillic":
      return romanizeAlphabetic(text, bulgarian);
    case "greek":
      return romanizeAlphabetic(text, greek, greekDigraphs);
    case "han-pinyin":
    case "han-cantonese":
      return romanizeHan(text, hanTables[system]);
  }
}

/** Han syllables of `text` joined without spaces, capitalized once ("Huaxing"), for English names. */
export function romanizeHanWord(text: string, system: "han-pinyin" | "han-cantonese"): string {
  const syllables = Array.from(text).map((ch) => hanTables[system][ch] ?? ch);
  return capitalize(syllables.join(system === "han-cantonese" ? " " : ""))
    .split(" ")
    .map(capitalize)
    .join(" ");
}

/** True when `text` holds any character outside Latin script, digits and punctuation. */
export function hasNonLatinLetters(text: string): boolean {
  return /[\u0370-\u03ff\u0400-\u04ff\u3400-\u9fff]/.test(text);
}
