import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import decompressWoff2 from "wawoff2/decompress";

/**
 * The fonts the evidence report embeds, all Noto from npm (SIL OFL): the whole Noto Sans as one TTF
 * (@expo-google-fonts: Latin, Greek, Cyrillic and every combining mark, which fontsource's Latin subsets drop),
 * then @fontsource's Hebrew, Arabic, Simplified Chinese (also the kanji and kana of Japanese names), symbols and
 * monochrome emoji. Fontsource ships each family split into unicode-range files (the CJK one in about a hundred),
 * so a text is cut into runs, each drawn with the one file that holds its characters, and only the files a
 * report uses are read. WOFF2 files are decompressed to plain TrueType first (wawoff2): fontkit reads WOFF2, but
 * the subset it writes for pdfkit from one has no glyphs (poppler finds no "glyf" table and draws blanks), and
 * it cannot read fontsource's WOFF1 files at all.
 */

/** Fontsource families after Noto Sans, in the order they are tried: the first file covering a character draws it. */
const fontsourceFamilies = ["noto-sans-hebrew", "noto-sans-arabic", "noto-sans-sc", "noto-sans-symbols-2", "noto-emoji"] as const;

/** A font file, with the code points it claims (undefined: ask the font itself). */
export type FontFile = { key: string; file: string; ranges?: [number, number][] };

function parseRanges(unicodeRange: string): [number, number][] {
  return unicodeRange.split(",").map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
  });
}

let fileList: FontFile[] | undefined;

/** Where an npm package's files are: the app runs from the project folder (`next start`, the launcher, tests), and a
 * bundler cannot follow a computed `require.resolve`. */
const packageRoot = (name: string) => path.join(process.cwd(), "node_modules", name);

/** Every regular-weight file, Noto Sans first, then each fontsource file with its unicode.json ranges. */
export function fontFiles(): FontFile[] {
  if (fileList) return fileList;
  const notoSans = {
    key: "noto-sans",
    file: path.join(packageRoot("@expo-google-fonts/noto-sans"), "400Regular", "NotoSans_400Regular.ttf"),
  };
  fileList = [
    notoSans,
    ...fontsourceFamilies.flatMap((family) => {
      const root = packageRoot(`@fontsource/${family}`);
      const subsets = JSON.parse(readFileSync(path.join(root, "unicode.json"), "utf8")) as Record<string, string>;
      return Object.entries(subsets).map(([subset, range]) => {
        const name = `${family}-${subset.replace(/[[\]]/g, "")}-400-normal`;
        return { key: name, file: path.join(root, "files", `${name}.woff2`), ranges: parseRanges(range) };
      });
    }),
  ];
  return fileList;
}

const claims = (file: FontFile, codePoint: number) =>
  !file.ranges || file.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

/** Each file read so far, as TrueType: its parsed font (for glyph checks) and its bytes (for pdfkit to embed). */
const loaded = new Map<string, { font: fontkit.Font; data: Buffer }>();

async function readFont(file: FontFile): Promise<void> {
  const raw = readFileSync(file.file);
  // Buffer.from copies the bytes out of wawoff2's memory at once.
  const data = file.file.endsWith(".woff2") ? Buffer.from(await decompressWoff2(raw)) : raw;
  loaded.set(file.key, { font: fontkit.create(data) as fontkit.Font, data });
}

/**
 * Reads every font file that may draw a character of `text` (those claiming one of its code points), once per
 * process. Call it before cutting the text into runs; decompressing is asynchronous, cutting is not.
 */
export async function prepareFonts(text: string): Promise<void> {
  const unique = new Set<number>();
  for (const c of text) unique.add(c.codePointAt(0)!);
  const points = [...unique].filter((p) => !isInvisible(p));
  // One at a time: wawoff2 answers with a view into its WebAssembly memory, which the next call reuses.
  for (const file of fontFiles()) if (!loaded.has(file.key) && points.some((p) => claims(file, p))) await readFont(file);
}

function prepared(file: FontFile) {
  const entry = loaded.get(file.key);
  if (!entry) throw new Error(`Font ${file.key} was not prepared: call prepareFonts() with the text first.`);
  return entry;
}

/** The parsed font of a prepared file. */
export const loadFont = (file: FontFile): fontkit.Font => prepared(file).font;

/** The TrueType bytes of a prepared file, for pdfkit to embed (it subsets them). */
export const fontData = (file: FontFile): Buffer => prepared(file).data;

/**
 * Code points that draw nothing by themselves: joiners, variation selectors, the bidi controls. They travel with
 * their neighbours (a zero-width joiner inside an emoji sequence) and need no glyph of their own.
 */
const ignorable = /\p{Default_Ignorable_Code_Point}/u;
export function isInvisible(codePoint: number): boolean {
  return ignorable.test(String.fromCodePoint(codePoint));
}

const codePointsOf = (text: string) => [...text].map((c) => c.codePointAt(0)!).filter((c) => !isInvisible(c));

/** The file is prepared and draws every visible code point of `text`. An unprepared file draws nothing (never throws mid-page). */
const drawsAll = (file: FontFile, text: string) => {
  const font = loaded.get(file.key)?.font;
  return font !== undefined && codePointsOf(text).every((p) => claims(file, p) && font.hasGlyphForCodePoint(p));
};

/** Clusters already placed: a report repeats the same few hundred characters many thousand times. */
const placed = new Map<string, FontFile>();

/** The first font file with a glyph for every visible code point of a grapheme cluster, or undefined when none has. */
export function fontFileFor(cluster: string): FontFile | undefined {
  const known = placed.get(cluster);
  if (known) return known;
  const points = codePointsOf(cluster);
  if (points.length === 0) return undefined;
  // Only what was found is remembered: a file prepared later may draw what none could before.
  const found = fontFiles().find((file) => points.every((p) => claims(file, p)) && drawsAll(file, cluster));
  if (found) placed.set(cluster, found);
  return found;
}

export type TextRun = { text: string; font: FontFile };

const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });

/**
 * A text cut into runs of one font each, cut only between grapheme clusters, so a combining mark stays with its
 * letter and an emoji sequence stays whole. A cluster no font draws, and invisible characters, join the run
 * before them (the fallback font's .notdef box is then the visible sign; `missingGlyphs` reports them).
 */
export function textRuns(text: string, fallback: FontFile = fontFiles()[0]!): TextRun[] {
  const runs: TextRun[] = [];
  for (const { segment } of graphemes.segment(text)) {
    const last = runs.at(-1);
    // Spaces stay in the run they follow when its font draws them, so a CJK or Arabic phrase is one run.
    const keepsRun = last && /^\s+$/.test(segment) && drawsAll(last.font, segment);
    const font = (keepsRun && last.font) || fontFileFor(segment) || last?.font || fallback;
    if (last && last.font.key === font.key) last.text += segment;
    else runs.push({ text: segment, font });
  }
  return runs;
}

/** The visible characters of a text that no embedded font can draw (what a test asserts is empty). */
export function missingGlyphs(text: string): string[] {
  const missing = new Set<string>();
  for (const { segment } of graphemes.segment(text)) {
    for (const c of segment) {
      const point = c.codePointAt(0)!;
      if (!isInvisible(point) && !fontFileFor(c)) missing.add(c);
    }
  }
  return [...missing];
}
