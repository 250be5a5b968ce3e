/**
 * Private: how the portfolio overlap gets each pair's shared trials in the fewest requests, and the
 * local intersection of the sponsors' trials.
 *
 * Three ways to count a pair's shared trials:
 * - **service pairs** (up to ten sponsors): the service's comparison of all sponsors pulled whole (its
 *   shared trials), then one comparison per pair read for its count only; the pairs with the sponsor
 *   that has the fewest trials are pulled whole, and their trial ids intersect to the trials every
 *   sponsor shares. Requests grow with the pairs: k(k−1)/2.
 * - **local**: each sponsor's trials in the condition pulled once (a composite search, sponsor + disease)
 *   and intersected here. Requests grow with the trials: one per hundred trials of each sponsor.
 * - **shared rows** (three to ten sponsors): the comparison's own shared trials (all its pages) count
 *   every pair, when each row names its sponsors (sandbox-chosen `sponsors`, not spec-named) and every
 *   name is one of the listed sponsors by the one organization normaliser ({@linkcode sharedMembers}).
 *   Requests: one per hundred shared trials, the first page being the comparison already made.
 *
 * {@linkcode choosePlan} takes the cheapest, from the trial counts of the service's first answer; beyond
 * ten sponsors (the service's limit per comparison, spec 4.1) only the local plan exists: the pairs across
 * two comparisons need each sponsor's trials, and those count the pairs within one comparison too.
 *
 * @module
 */
import { sameOrganization } from "./_resolve_entity.ts";

/** The service's largest page for trials (spec part 8: limit 1-100). */
export const PAGE = 100;
/** The most sponsors one portfolio comparison takes (spec 4.1). */
export const PER_COMPARISON = 10;

/** Requests to pull `n` rows whole (at least one). */
export const pages = (n: number): number => Math.max(1, Math.ceil(n / PAGE));

/** The plan's name and its estimated requests beyond the service's first answer. */
export interface Plan {
  readonly plan: "service" | "local" | "shared";
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
 * @param sharedRows Whether the shared-rows plan may run: its first page (of a hundred) names each
 *   row's listed sponsors. @default {false}
 * @returns The plan and its estimate (`other`: the cheaper of the plans not taken).
 */
export function choosePlan(
  counts: readonly (number | null)[],
  sharedTotal: number,
  pulledWhole: boolean,
  sharedRows = false,
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
  const rows = pulledWhole ? 0 : pages(sharedTotal) - 1;
  if (sharedRows && k > 2 && rows <= Math.min(service, local)) {
    return { plan: "shared", requests: rows, other: Math.min(service, local) };
  }
  return service <= local
    ? { plan: "service", requests: service, other: local }
    : { plan: "local", requests: local, other: service };
}

/** A listed sponsor: the caller's name and the name the service resolved it to (when it says). */
export interface ListedSponsor {
  readonly name: string;
  readonly resolved?: string | null;
}

/**
 * Which listed sponsors each shared trial is on, read from the rows' sponsor names — or why that cannot
 * be told. A name is a listed sponsor's when the one organization normaliser (`sameOrganization`) matches
 * it to the listed name or to the service's resolution of it. Refused (null members) when a row has no
 * sponsor names (the spec does not name them), when a name matches no listed sponsor (a subsidiary's
 * name, say: the trial may then be a listed sponsor's the name does not show, so every count would be
 * in doubt) or two of them, or when a row maps to fewer than two listed sponsors (a shared trial is on
 * two or more).
 *
 * A row that also carries `sponsors_chain` (its sponsors' whole corporate hierarchy, names or
 * `{name}` objects, as the spec's approval records and catalyst events do; not spec-named on trials)
 * is on each listed sponsor any of its sponsor or chain names matches: a subsidiary's trial counts for
 * its listed parent, and a name matching none is no listed sponsor's (the chain shows every parent).
 *
 * @param rows Shared-trial rows of a portfolio comparison (`data.trials`).
 * @param listed The listed sponsors, in list order.
 * @returns Each row's listed-sponsor positions (ascending), or the reason it was refused.
 * @example A subsidiary's name refuses the rows
 * ```ts
 * import assert from "node:assert/strict";
 * import { sharedMembers } from "./_portfolio_plan.ts";
 * const listed = [{ name: "Pfizer", resolved: "Pfizer" }, { name: "Roche" }];
 * assert.deepEqual(sharedMembers([{ id: "NCT1", sponsors: ["PFIZER INC", "Roche"] }], listed).members, [[0, 1]]);
 * assert.equal(sharedMembers([{ id: "NCT2", sponsors: ["Genentech", "Roche"] }], listed).members, null);
 * // With the corporate hierarchy on the row, the subsidiary's trial is its parent's
 * const chained = { id: "NCT3", sponsors: ["Genentech", "Pfizer Inc"], sponsors_chain: ["Genentech", "Roche", "Pfizer Inc"] };
 * assert.deepEqual(sharedMembers([chained], listed).members, [[0, 1]]);
 * ```
 */
export function sharedMembers(
  rows: readonly TrialRow[],
  listed: readonly ListedSponsor[],
): { members: number[][]; refused: null } | { members: null; refused: string } {
  const refuse = (refused: string) => ({ members: null, refused });
  const members: number[][] = [];
  for (const row of rows) {
    const names = row.sponsors;
    const id = String(row.id);
    if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === "string")) {
      return refuse(`shared trial ${id} does not name its sponsors`);
    }
    const chain = chainNames(row.sponsors_chain);
    const on = new Set<number>();
    for (const name of chain ? [...new Set([...names as string[], ...chain])] : names as string[]) {
      const hits = listed.flatMap((l, i) =>
        sameOrganization(name, l.name) || (l.resolved ? sameOrganization(name, l.resolved) : false) ? [i] : []
      );
      if (hits.length === 0) {
        if (chain) continue;
        return refuse(
          `shared trial ${id} names '${name}', none of the listed sponsors by name (a subsidiary, say)`,
        );
      }
      if (hits.length > 1) {
        return refuse(`shared trial ${id} names '${name}', which matches ${hits.length} listed sponsors`);
      }
      on.add(hits[0]);
    }
    if (on.size < 2) {
      return refuse(
        on.size === 0
          ? `shared trial ${id} names none of the listed sponsors`
          : `shared trial ${id} names only one listed sponsor (${listed[[...on][0]].name})`,
      );
    }
    members.push([...on].sort((a, b) => a - b));
  }
  return { members, refused: null };
}

/** The names of a row's `sponsors_chain` (strings or `{name}` objects), or null when it has none readable. */
function chainNames(chain: unknown): string[] | null {
  if (!Array.isArray(chain) || chain.length === 0) return null;
  const names = chain.map((c) =>
    typeof c === "string"
      ? c
      : typeof c === "object" && c !== null && typeof c.name === "string"
      ? c.name
      : null
  );
  return names.every((n): n is string => n !== null) ? names : null;
}

/**
 * Each pair's shared trials and the trials of every sponsor, from {@linkcode sharedMembers}' rows.
 *
 * @param members Each shared trial's listed-sponsor positions.
 * @param names The listed sponsors, in list order.
 * @returns Pairs (list order, each once) and the all-sponsor count.
 */
export function pairsFromMembers(members: readonly (readonly number[])[], names: readonly string[]): {
  pairs: { sponsor_a: string; sponsor_b: string; shared: number }[];
  sharedByAll: number;
} {
  const k = names.length;
  const n = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const m of members) {
    for (let x = 0; x < m.length; x++) for (let y = x + 1; y < m.length; y++) n[m[x]][m[y]]++;
  }
  const pairs = names.flatMap((a, i) =>
    names.slice(i + 1).map((b, j) => ({ sponsor_a: a, sponsor_b: b, shared: n[i][i + 1 + j] }))
  );
  return { pairs, sharedByAll: members.filter((m) => m.length === k).length };
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
  /** For each shared row, the listed sponsors it is on (list order). */
  sharedBy: string[][];
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
  const seen = new Map<string, { row: TrialRow; on: string[] }>();
  for (const [sponsor, rows] of members) {
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    for (const [id, row] of byId) {
      const hit = seen.get(id);
      if (hit) hit.on.push(sponsor);
      else seen.set(id, { row, on: [sponsor] });
    }
  }
  const need = members.length === 1 ? 1 : 2;
  const start = (r: TrialRow) => String(r.startDate ?? "");
  const kept = [...seen.values()].filter((v) => v.on.length >= need)
    .sort((a, b) =>
      start(b.row).localeCompare(start(a.row)) || String(a.row.id).localeCompare(String(b.row.id))
    );
  const sharedByAll = [...seen.values()].filter((v) => v.on.length === members.length).length;
  return { pairs, shared: kept.map((v) => v.row), sharedBy: kept.map((v) => v.on), sharedByAll };
}
