import "server-only";
/**
 * The spend caps of a "See what changed" order, computed from the console's own quote: the whole request capped at
 * the total shown, the profile blocks at their part of it (free-again blocks at nothing), the ownership graph at its
 * quoted price (it stops there, its further owners left to expand). The page shows them and the browser sends them
 * back as confirmed; the server computes them again from its own quote and refuses an order whose price, mode or caps
 * differ, or that carries none, so nothing is ordered uncapped or above what was shown.
 */
import { z } from "zod";
import { label } from "@/lib/vocabulary/words.shared";
import type { WhatChangedQuote } from "./what-changed-price";

const missing = "The order must carry the price and spend caps you confirmed: look at the price again and confirm it.";
const credits = z.number({ error: missing }).nonnegative({ error: "A cap cannot be negative." });

/** What the user confirmed: the mode, the total and the caps, as the page showed them. */
export const reretrievalConfirmationSchema = z.object({
  mode: z.string({ error: missing }).min(1, { error: missing }),
  quotedTotal: credits,
  maxBudget: credits,
  profileMaxBudget: credits,
  graphMaxBudget: credits,
});
export type ReretrievalConfirmation = z.infer<typeof reretrievalConfirmationSchema>;

const round = (n: number) => Math.round(n * 100) / 100;

/** The confirmation the server's quote asks for: the mode, the total and every cap. */
export function reretrievalConfirmation(mode: string, priced: WhatChangedQuote): ReretrievalConfirmation {
  const graph = priced.quote.graph;
  return {
    mode,
    quotedTotal: priced.total,
    maxBudget: priced.total,
    profileMaxBudget: Math.max(0, round(priced.total - graph)),
    graphMaxBudget: graph,
  };
}

const words: Record<keyof ReretrievalConfirmation, string> = {
  mode: "mode",
  quotedTotal: "total",
  maxBudget: label("cap", "maxBudget").toLowerCase(),
  profileMaxBudget: label("cap", "profileMaxBudget").toLowerCase(),
  graphMaxBudget: label("cap", "graphMaxBudget").toLowerCase(),
};

/** How what was sent differs from the server's quote ("total: 9 sent, 4 quoted; …"), or undefined when it agrees. */
export function confirmationMismatch(sent: ReretrievalConfirmation, quoted: ReretrievalConfirmation): string | undefined {
  const differing = (Object.keys(words) as (keyof ReretrievalConfirmation)[]).filter((field) =>
    field === "mode" ? sent.mode !== quoted.mode : Math.round(sent[field] * 100) !== Math.round(quoted[field] * 100),
  );
  return differing.length
    ? differing.map((field) => `${words[field]}: ${sent[field]} sent, ${quoted[field]} quoted`).join("; ")
    : undefined;
}
