import "server-only";
import PDFDocument from "pdfkit";
import { fontData, textRuns, type FontFile } from "./report-fonts";

export const colors = { text: "#111827", muted: "#4b5563", rule: "#d1d5db", high: "#b91c1c", medium: "#b45309" } as const;

type TextOptions = { size?: number; color?: string; indent?: number; gap?: number };

/**
 * A PDF document that writes real text in the embedded Noto fonts: each text is cut into one-font runs
 * (lib/evidence/report-fonts.ts; prepareFonts() must have read them) and written as one flowing paragraph, so it wraps (a 150-character word breaks
 * where the line ends), stays selectable, and extracts in order. Fonts are registered with the document on
 * first use; pdfkit embeds only the glyphs used.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly registered = new Set<string>();

  constructor(info: { title: string; author: string }) {
    this.doc = new PDFDocument({
      size: "A4",
      margins: { top: 56, bottom: 56, left: 50, right: 50 },
      // Kept until the end so every page gets its watermark and page number in a last pass.
      bufferPages: true,
      info: { Title: info.title, Author: info.author, Creator: "Registry Desk" },
      lang: "en",
      displayTitle: true,
    });
  }

  private use(font: FontFile): void {
    if (!this.registered.has(font.key)) {
      this.doc.registerFont(font.key, fontData(font));
      this.registered.add(font.key);
    }
    this.doc.font(font.key);
  }

  /** A flowing paragraph at the current position, wrapped to the page's text width. */
  paragraph(text: string, { size = 10, color = colors.text, indent = 0, gap = 2 }: TextOptions = {}): this {
    const runs = textRuns(text.trim() || "—");
    const width = this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right - indent;
    const x = this.doc.page.margins.left + indent;
    this.doc.fillColor(color).fontSize(size);
    runs.forEach((run, i) => {
      this.use(run.font);
      const options = { continued: i < runs.length - 1, width, lineGap: 1 };
      if (i === 0) this.doc.text(run.text, x, this.doc.y, options);
      else this.doc.text(run.text, options);
    });
    this.doc.y += gap;
    return this;
  }

  heading(text: string, level: 1 | 2 = 1): this {
    if (level === 1) this.ensureSpace(80);
    this.doc.moveDown(level === 1 ? 0.8 : 0.4);
    this.paragraph(text, { size: level === 1 ? 16 : 12, gap: level === 1 ? 6 : 3 });
    if (level === 1) {
      const y = this.doc.y - 3;
      this.doc
        .moveTo(this.doc.page.margins.left, y)
        .lineTo(this.doc.page.width - this.doc.page.margins.right, y)
        .lineWidth(0.5)
        .stroke(colors.rule);
    }
    return this;
  }

  /** "Label: value" as one paragraph; an absent value reads "not reported". */
  field(label: string, value: string | number | undefined | null): this {
    return this.paragraph(`${label}: ${value === undefined || value === null || value === "" ? "not reported" : String(value)}`, {
      size: 9.5,
    });
  }

  /** A line of text at a fixed point, never wrapped (graph boxes and labels): runs placed side by side. */
  textAt(
    text: string,
    x: number,
    y: number,
    { size = 9, color = colors.text, maxWidth }: { size?: number; color?: string; maxWidth?: number },
  ): void {
    let at = x;
    this.doc.fillColor(color).fontSize(size);
    for (const run of textRuns(text)) {
      this.use(run.font);
      const width = this.doc.widthOfString(run.text);
      if (maxWidth !== undefined && at + width > x + maxWidth) break;
      this.doc.text(run.text, at, y, { lineBreak: false, baseline: "alphabetic" });
      at += width;
    }
  }

  /** A new page when less than `points` remain on this one. */
  ensureSpace(points: number): void {
    if (this.doc.y + points > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
  }

  /** On every page: the watermark (sandbox), and "page n of N" with the request id at the foot. */
  finishPages(footer: string, watermark: string | undefined): void {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const { width, height, margins } = this.doc.page;
      // Drawn inside the bottom margin: pdfkit would otherwise open a new page for text below it.
      const bottom = margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.textAt(`${footer} · page ${i + 1} of ${range.count}`, margins.left, height - 28, { size: 8, color: colors.muted });
      if (watermark) {
        this.doc.save();
        this.doc.opacity(0.18);
        this.doc.rotate(-35, { origin: [width / 2, height / 2] });
        const size = Math.min(40, (width * 1.05) / Math.max(1, watermark.length * 0.5));
        this.textAt(watermark, width / 2 - (watermark.length * size * 0.5) / 2, height / 2, { size, color: "#dc2626" });
        this.doc.restore();
        this.textAt(watermark, margins.left, 30, { size: 9, color: "#dc2626" });
      }
      this.doc.page.margins.bottom = bottom;
    }
  }
}
