/**
 * Where the spend chart puts its tiers' names, so each stays clear of the spend line and of the other names: above its
 * dashed line, or under it, on the left or the right half of the plot, whichever the step line (one level per bucket,
 * joined by vertical steps) does not pass through; a tier above the scale gets a row of its own at the plot's top, on
 * the side the line leaves clear there. Heights are in pixels down the plot. Pure.
 */
export type LabelSide = "left" | "right";
export type LabelPlace = { top: number; side: LabelSide };
/** A tier's line at a height down the plot, or, for a tier above the scale, its row at the top. */
export type TierLine = { y: number } | { row: number };

/** A name's line of text, in pixels. */
export const labelHeight = 16;

/** How many buckets of a half of the plot the step line crosses the band [top, top + labelHeight] in. */
function crossings(levels: readonly number[], side: LabelSide, top: number): number {
  const half = Math.ceil(levels.length / 2);
  const [from, to] = side === "left" ? [0, half] : [half, levels.length];
  let count = 0;
  for (let b = from; b < to; b++) {
    const previous = b > from ? levels[b - 1]! : levels[b]!;
    if (Math.max(previous, levels[b]!) >= top && Math.min(previous, levels[b]!) <= top + labelHeight) count++;
  }
  return count;
}

const overlaps = (a: LabelPlace, b: LabelPlace) => a.side === b.side && Math.abs(a.top - b.top) < labelHeight;

export function placeTierLabels(levels: readonly number[], lines: readonly TierLine[], plotHeight: number): LabelPlace[] {
  const placed: LabelPlace[] = [];
  const places = new Map<TierLine, LabelPlace>();
  // The rows at the top first: they have one height only, a name by its line has two.
  for (const line of [...lines].sort((a, b) => Number("y" in a) - Number("y" in b))) {
    const tops =
      "row" in line
        ? [2 + line.row * labelHeight]
        : [Math.max(0, line.y - labelHeight - 1), ...(line.y + 1 + labelHeight <= plotHeight ? [line.y + 1] : [])];
    const candidates = tops.flatMap((top) => (["left", "right"] as const).map((side) => ({ top, side })));
    const free = candidates.filter((candidate) => !placed.some((other) => overlaps(candidate, other)));
    const pool = free.length ? free : candidates;
    // The first clear of the line, else the one crossed least; earlier candidates (above the line, left) win ties.
    const best = pool.reduce((chosen, candidate) =>
      crossings(levels, candidate.side, candidate.top) < crossings(levels, chosen.side, chosen.top) ? candidate : chosen,
    );
    placed.push(best);
    places.set(line, best);
  }
  return lines.map((line) => places.get(line)!);
}
