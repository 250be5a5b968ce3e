/**
 * Seeded pseudo-random helpers for the generator (sfc32 seeded through splitmix32). Every draw
 * goes through an `Rng`, so a seed fixes every generated row.
 *
 * @module
 */

/** A seeded random source with the draws the generator needs. */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] inclusive. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** One element chosen by weight (weights parallel to items). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /**
   * Same draw as {@link Rng.weighted} (one `next()`, same result) over a table prepared once with
   * {@link weightTable}: a binary search instead of a linear scan, for large reused weight lists.
   */
  weightedFrom<T>(table: WeightTable<T>): T;
  /** `n` distinct elements (fewer when the array is shorter). */
  sample<T>(items: readonly T[], n: number): T[];
  /** Log-normal-ish positive number around `median` (spread = sigma of the log). */
  lognormal(median: number, sigma: number): number;
  /** A string of `n` characters drawn from `alphabet`. */
  chars(alphabet: string, n: number): string;
  /** An independent child stream, derived deterministically from this one and a label. */
  fork(label: string): Rng;
}

/** Items with cumulative weights, for {@link Rng.weightedFrom}. */
export interface WeightTable<T> {
  /** The items. */
  readonly items: readonly T[];
  /** The weights, parallel to items. */
  readonly weights: readonly number[];
  /** Running sums, accumulated in the same order as `weighted` sums its total. */
  readonly cum: Float64Array;
  /** Sum of the weights (`cum[last]`). */
  readonly total: number;
}

/** Prepare items and weights for repeated {@link Rng.weightedFrom} draws. */
export function weightTable<T>(items: readonly T[], weights: readonly number[]): WeightTable<T> {
  const cum = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) cum[i] = total += weights[i];
  return { items, weights, cum, total };
}

function weightedScan<T>(items: readonly T[], weights: readonly number[], r: number): T {
  for (let i = 0; i < items.length; i++) {
    r -= weights[i];
    if (r < 0) return items[i];
  }
  return items[items.length - 1];
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function splitmix32(a: number): () => number {
  return () => {
    a = (a + 0x9e3779b9) | 0;
    let t = a ^ (a >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t ^= t >>> 15;
    t = Math.imul(t, 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  };
}

/**
 * Create a seeded random source.
 *
 * @param seed Integer seed, or a string hashed to one.
 * @returns The random source.
 * @example
 * ```ts
 * const a = createRng(7), b = createRng(7);
 * if (a.next() !== b.next()) throw new Error("not deterministic");
 * ```
 */
export function createRng(seed: number | string): Rng {
  const init = splitmix32(typeof seed === "string" ? hashString(seed) : seed >>> 0);
  let a = init(), b = init(), c = init(), d = init();
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (items, weights) => {
      let total = 0;
      for (const w of weights) total += w;
      return weightedScan(items, weights, next() * total);
    },
    weightedFrom: ({ items, weights, cum, total }) => {
      const r = next() * total;
      let lo = 0, hi = cum.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (r < cum[mid]) hi = mid;
        else lo = mid + 1;
      }
      // Running subtraction and running sums may round differently right at a boundary: there,
      // replay the exact linear scan so the result never differs from `weighted`.
      const eps = total * 1e-9;
      if (Math.abs(r - cum[lo]) <= eps || (lo > 0 && Math.abs(r - cum[lo - 1]) <= eps) || r >= total) {
        return weightedScan(items, weights, r);
      }
      return items[lo];
    },
    sample: (items, n) => {
      // A partial Fisher-Yates over a virtual copy: swaps are kept in a small overlay instead of
      // copying `items` (O(n) per call, not O(items.length)); same draws, same result.
      const swapped = new Map<number, (typeof items)[number]>();
      const at = (k: number) => (swapped.has(k) ? swapped.get(k)! : items[k]);
      const out = [];
      let len = items.length;
      for (let i = 0; i < n && len > 0; i++) {
        const j = Math.floor(next() * len);
        out.push(at(j));
        swapped.set(j, at(len - 1));
        len--;
      }
      return out;
    },
    lognormal: (median, sigma) => {
      const u = Math.max(next(), 1e-12), v = next();
      const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
      return median * Math.exp(sigma * z);
    },
    chars: (alphabet, n) => {
      let s = "";
      for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
      return s;
    },
    fork: (label) => createRng((hashString(label) ^ Math.floor(next() * 4294967296)) >>> 0),
  };
  return rng;
}

const DAY_MS = 86_400_000;

/** Days since the Unix epoch of an ISO date `YYYY-MM-DD`. */
export function dayNumber(iso: string): number {
  return Math.floor(Date.parse(iso + "T00:00:00Z") / DAY_MS);
}

/** ISO date `YYYY-MM-DD` of a day number. */
export function isoDay(day: number): string {
  let s = DAY_CACHE.get(day);
  if (s === undefined) {
    s = new Date(day * DAY_MS).toISOString().slice(0, 10);
    DAY_CACHE.set(day, s);
  }
  return s;
}

const DAY_CACHE = new Map<number, string>();

/** ISO timestamp `YYYY-MM-DDTHH:MM:SSZ` of a day number plus a fraction of a day. */
export function isoTimestamp(day: number, fraction: number): string {
  return new Date(Math.floor((day + fraction) * DAY_MS)).toISOString().slice(0, 19) + "Z";
}

/** A stable 0–99 bucket of an id (FNV-1a), independent of the seeded generator's draws. */
export function bucket(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0) % 100;
}
