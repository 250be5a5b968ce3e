/**
 * Private: how the portfolio overlap gets each pair's shared trials in the fewest requests, and the
 * local intersection of the sponsors' trials.
 *
 * Two ways to count a pair's shared trials:
 * - **service pairs** (up to ten sponsors): the service's comparison of all sponsors pulled whole (its
 *   shared trials), then one comparison per pair read for its count only; the pairs with the sponsor
 *   that has the fewest trials are pulled whole, and their trial ids intersect to the trials every
 *   sponsor shares. Requests grow with the pairs: k(k−1)/2.
 * - **local**: each sponsor's trials in the condition pulled once (a composite search, sponsor + disease)
 *   and intersected here. Requests grow with the trials: one per hundred trials of each sponsor.
 *
 * {@linkcode choosePlan} takes the cheaper, from the trial counts of the service's first answer; beyond
 * ten sponsors (the service's limit per comparison, spec 4.1) only the local plan exists.
 *
 * @module
 */

/** The service's largest page for trials (spec part 8: limit 1-100). */
export const PAGE = 100;
/** The most sponsors one portfolio comparison takes (spec 4.1). */
export const PER_COMPARISON = 10;

/** Requests to pull `n` rows whole (at least one). */
export const pages = (n: number): number => Math.max(1, Math.ceil(n / PAGE));

/** The plan's name and its estimated requests beyond the service's first answer. */
export interface Plan {
  readonly plan: "service" | "local";
  /** Requests the plan needs beyond the first summary call(s) (an upper bound for `service`). */
  readonly requests: number;
  /** The other plan's estimate (null when it cannot run). */
  readonly other: number | null;
}

/**
 * The cheaper plan for `counts` (each sponsor's trials in the condition; null: unresolved, not pulled).
 *
 * @param counts Trials per sponsor, in list order.
 * @param sharedTotal Trials shared by at least two sponsors (the service's `intersection_count`).
 * @param pulledWhole Whether the first answer already holds every shared trial (pulled whole).
 * @returns The plan and its estimate.
 */
export function choosePlan(
  counts: readonly (number | null)[],
  sharedTotal: number,
  pulledWhole: boolean,
): Plan {
  const k = counts.length;
  const known = counts.filter((n): n is number => n !== null);
  const local = known.filter((n) => n > 0).reduce((s, n) => s + pages(n), 0);
  if (k > PER_COMPARISON) return { plan: "local", requests: local, other: null };
  const resolved = known.length;
  const pairs = (resolved * (resolved - 1)) / 2;
  const smallest = known.length ? Math.min(...known) : 0;
  const service = (pulledWhole ? 0 : pages(sharedTotal)) + (k === 2 ? 0 : pairs) +
    (k > 2 ? (resolved - 1) * (pages(smallest) - 1) : 0);
  return service <= local
    ? { plan: "service", requests: service, other: local }
    : { plan: "local", requests: local, other: service };
}

/** A trial row as the service gives it (`id` and the other spec-named fields). */
export type TrialRow = Record<string, unknown> & { id?: unknown };

/**
 * The local intersection of each sponsor's trials: each pair's shared count (list order, once), the
 * trials of two or more sponsors (newest start first, then id, as the service orders them) and the
 * number of trials every sponsor has.
 *
 * @param members Each sponsor's trial rows, in list order (a sponsor without trials: an empty list).
 * @returns Pairs, shared rows and the all-sponsor count.
 */
export function intersectLocally(members: readonly (readonly [string, readonly TrialRow[]])[]): {
  pairs: { sponsor_a: string; sponsor_b: string; shared: number }[];
  shared: TrialRow[];
  sharedByAll: number;
} {
  const sets = members.map(([s, rows]) => [s, new Set(rows.map((r) => String(r.id)))] as const);
  const pairs = sets.flatMap(([a, x], i) =>
    sets.slice(i + 1).map(([b, y]) => {
      const [small, large] = x.size <= y.size ? [x, y] : [y, x];
      let shared = 0;
      for (const id of small) if (large.has(id)) shared++;
      return { sponsor_a: a, sponsor_b: b, shared };
    })
  );
  const seen = new Map<string, { row: TrialRow; n: number }>();
  for (const [, rows] of members) {
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    for (const [id, row] of byId) {
      const hit = seen.get(id);
      if (hit) hit.n++;
      else seen.set(id, { row, n: 1 });
    }
  }
  const need = members.length === 1 ? 1 : 2;
  const start = (r: TrialRow) => String(r.startDate ?? "");
  const shared = [...seen.values()].filter((v) => v.n >= need).map((v) => v.row)
    .sort((a, b) => start(b).localeCompare(start(a)) || String(a.id).localeCompare(String(b.id)));
  const sharedByAll = [...seen.values()].filter((v) => v.n === members.length).length;
  return { pairs, shared, sharedByAll };
}
