import { describe, expect, it } from "vitest";
import { hasNonLatinLetters, romanize, romanizeHanWord } from "./transliteration";

describe("romanization", () => {
  it("romanizes Russian and Bulgarian Cyrillic with their own tables", () => {
    expect(romanize("ООО «Щит»", "ru-cyrillic")).toBe("OOO «Shchit»");
    expect(romanize("Щит", "bg-cyrillic")).toBe("Shtit");
    expect(romanize("Москва", "ru-cyrillic")).toBe("Moskva");
  });

  it("romanizes Greek including digraphs", () => {
    expect(romanize("Αθήνα", "greek")).toBe("Athina");
    expect(romanize("Γεωργίου", "greek")).toBe("Georgiou");
  });

  it("romanizes Chinese per syllable (Pinyin for CN, Cantonese for HK)", () => {
    expect(romanize("北京华兴科技有限公司", "han-pinyin")).toBe("Bei Jing Hua Xing Ke Ji You Xian Gong Si");
    expect(romanizeHanWord("华兴", "han-pinyin")).toBe("Huaxing");
    expect(romanize("華興貿易有限公司", "han-cantonese")).toBe("Wah Hing Mau Yik Yau Han Kung Sze");
  });

  it("detects non-Latin letters", () => {
    expect(hasNonLatinLetters("Zoë & Søn")).toBe(false);
    expect(hasNonLatinLetters("Альфа")).toBe(true);
    expect(hasNonLatinLetters("華興")).toBe(true);
  });
});
