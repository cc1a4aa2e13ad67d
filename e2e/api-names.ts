import type { Page } from "@playwright/test";
import { apiNames } from "../lib/vocabulary/words.shared";

// Pages use words, never API names (docs: ARCHITECTURE.md, "One vocabulary"): the visible text outside a "Technical
// details" disclosure holds no API name from the vocabulary's key list (lib/vocabulary/words.shared.ts: its camelCase,
// snake_case, dotted and kebab-case keys; plain words such as "email" are not in it), and no "1 credits".

/** Where API names belong: the Technical details disclosure, and the dossier's Raw tab (the snapshot as JSON). */
const technical = ["[data-technical-details]", '[data-testid="raw-snapshot"]'];

/** The visible text of the page, one string per text node, and the options of its visible selects. */
export async function visibleText(page: Page): Promise<string[]> {
  return page.evaluate((skip) => {
    const selector = skip.join(", ");
    const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || parent.closest(selector) || parent.closest("script, style, noscript, template, option")) continue;
      if (!shown(parent)) continue;
      texts.push(text);
    }
    // A select's options are what a person reads once it is open (the audit log's action filter, for one).
    for (const select of document.querySelectorAll("select")) {
      if (select.closest(selector) || !shown(select)) continue;
      for (const option of select.options) if (option.text.trim()) texts.push(option.text.trim());
    }
    return texts;
  }, technical);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each API name as a whole token: not part of a longer name ("maxBudget" is not found in "profileMaxBudget"). */
const needles = apiNames().map((name) => ({ name, pattern: new RegExp(`(?<![A-Za-z0-9_.-])${escape(name)}(?![A-Za-z0-9_-])`) }));
const badUnits = [{ name: "1 credits", pattern: /(?<![\d.,])1 credits\b/ }];

/** "name" in "…the text it was found in…", one line each. */
export function apiNameOffenders(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts)
    for (const { name, pattern } of [...needles, ...badUnits]) if (pattern.test(text)) found.add(`${name}  in  "${text.slice(0, 160)}"`);
  return [...found];
}
