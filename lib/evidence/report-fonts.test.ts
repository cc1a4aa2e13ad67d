import * as fontkit from "fontkit";
import { beforeAll, describe, expect, it } from "vitest";
import { unicodeSamples } from "@/simulator/data/special-ids";
import { fontData, fontFiles, loadFont, missingGlyphs, prepareFonts, textRuns } from "./report-fonts";

// Every name the simulator's UNICODE company carries: legal and commercial names, address, its people.
const unicodeTexts = Object.values(unicodeSamples);

describe("evidence report fonts", () => {
  beforeAll(() => prepareFonts(`${unicodeTexts.join("")}Z\u0337a\u0337 株式会社 👩🏽‍💻 a\u{10FFFD}b שش`));

  it("draw every visible character of the UNICODE company's names and address", () => {
    for (const text of unicodeTexts) expect(missingGlyphs(text), text).toEqual([]);
  });

  it("cut text into runs whose font has a glyph for each of their characters (checked with fontkit)", () => {
    for (const text of unicodeTexts) {
      for (const run of textRuns(text)) {
        const font = loadFont(run.font);
        for (const c of run.text) {
          const point = c.codePointAt(0)!;
          if (/\p{Default_Ignorable_Code_Point}/u.test(c)) continue;
          expect(font.hasGlyphForCodePoint(point), `${c} (U+${point.toString(16)}) in ${run.font.key}`).toBe(true);
        }
      }
    }
  });

  it("keep a combining mark with its letter and an emoji sequence whole", () => {
    const runs = textRuns("Z\u0337a\u0337 株式会社 👩🏽‍💻");
    expect(runs.map((r) => r.text)).toEqual(["Z\u0337a\u0337 ", "株式会社", " ", "👩🏽‍💻"]);
    expect(new Set(runs.map((r) => r.font.key)).size).toBe(3);
  });

  it("embed outlines: the subset pdfkit writes from each script's font still draws its glyphs", () => {
    for (const c of ["ש", "ش", "株", "🚀", "Z"]) {
      const file = textRuns(c)[0]!.font;
      const font = fontkit.create(fontData(file)) as fontkit.Font;
      const subset = font.createSubset();
      subset.includeGlyph(font.glyphForCodePoint(c.codePointAt(0)!));
      const embedded = fontkit.create(Buffer.from(subset.encode())) as fontkit.Font;
      // Glyph 0 is .notdef; the character's glyph is the next one in the subset.
      expect(embedded.getGlyph(1).path.commands.length, `${c} in ${file.key}`).toBeGreaterThan(0);
    }
  });

  it("report what no font draws", () => {
    expect(missingGlyphs("a\u{10FFFD}b")).toEqual(["\u{10FFFD}"]);
  });

  it("ship every file they name", () => {
    expect(fontFiles().length).toBeGreaterThan(100);
    expect(fontFiles()[0]!.key).toBe("noto-sans");
  });
});
