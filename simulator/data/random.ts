// Seeded randomness for the generated sandbox data (mulberry32 streams). Nothing in simulator/data may
// use Math.random: every value comes from a stream seeded by the company (`${country}:${id}`) and a
// sub-stream name.

/** 32-bit string hash (cyrb53 folded to 32 bits); stable across runs and platforms. */
export function hashString(input: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < input.length; i++) {
    const ch = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A float in [min, max) rounded to `decimals`. */
  float(min: number, max: number, decimals?: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight (`weights[i]` for `items[i]`). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[];
  /** A string of `length` decimal digits (leading zeros allowed). */
  digits(length: number): string;
  /** An independent stream derived from this one's seed and `name`. */
  fork(name: string): Rng;
}

class SeededRng implements Rng {
  private state: number;

  constructor(private readonly seedText: string) {
    this.state = hashString(seedText);
  }

  /** mulberry32 step (inlined for speed: thousands of streams are created per large company). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number, decimals = 2): number {
    const factor = 10 ** decimals;
    return Math.round((min + this.next() * (max - min)) * factor) / factor;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error(`pick from an empty list (${this.seedText})`);
    return items[this.int(0, items.length - 1)] as T;
  }

  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let roll = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      roll -= weights[i] ?? 0;
      if (roll < 0) return items[i] as T;
    }
    return this.pick(items);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  digits(length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += String(this.int(0, 9));
    return out;
  }

  fork(name: string): Rng {
    return new SeededRng(`${this.seedText}/${name}`);
  }
}

/** A stream seeded by its parts, e.g. `createRng("FR", "443061841", "people")`. */
export function createRng(...parts: string[]): Rng {
  return new SeededRng(parts.join(":"));
}
