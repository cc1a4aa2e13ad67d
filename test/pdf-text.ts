/**
 * The text of a PDF as pdf.js extracts it (what a reader selects or searches), one string per page.
 * Used by the evidence report's tests; pdf.js's legacy build runs in plain Node without a worker file.
 */
export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await getDocument({ data: pdf, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
  }
  await document.destroy();
  return pages;
}
