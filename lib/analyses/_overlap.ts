/**
 * Private: the pure pieces of the portfolio overlap (analysis 1): long per-sponsor tallies from the
 * comparison's JSON maps, the pairs of sponsors and their shared trials, and the wide matrix.
 *
 * @module
 */
import pl from "nodejs-polars";
import { framed } from "./_measures.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Per-sponsor tallies (`by_phase` / `by_status` JSON maps) as a long frame `sponsor, <key>, trials`. */
export function tallies(
  comparison: DataFrame,
  field: "by_phase" | "by_status",
  key: string,
): DataFrame {
  const rows = comparison.select("sponsor", field).toRecords().flatMap((r) =>
    Object.entries(JSON.parse(String(r[field] ?? "{}")) as Record<string, number>)
      .map(([k, n]) => ({ sponsor: r.sponsor, [key]: k, trials: n }))
  );
  return framed(rows, { sponsor: pl.Utf8, [key]: pl.Utf8, trials: pl.Int64 }).sort(["sponsor", key]);
}

/** Pairs `(sponsor_a, sponsor_b, shared)` from memberships `(sponsor, trial_id)` by a self-join. */
export function pairsFromMemberships(memberships: DataFrame): DataFrame {
  const m = memberships.select("sponsor", "trial_id").unique();
  return m.join(m.rename({ sponsor: "sponsor_b" }), { on: "trial_id" })
    .filter(pl.col("sponsor").neq(pl.col("sponsor_b")))
    .groupBy(["sponsor", "sponsor_b"]).agg(pl.len().cast(pl.Int64).alias("shared"))
    .rename({ sponsor: "sponsor_a" });
}

/** The columns of the overlap matrix (one row per pair of sponsors). */
export const MATRIX_SCHEMA = {
  sponsor_a: pl.Utf8,
  sponsor_b: pl.Utf8,
  trials_a: pl.Int64,
  trials_b: pl.Int64,
  shared: pl.Int64,
  jaccard: pl.Float64,
};

/**
 * The overlap matrix as one row per pair of `sponsors`, each pair once (`sponsor_a` listed before
 * `sponsor_b`), no sponsor paired with itself: each sponsor's own trials (`trials_a`, `trials_b`), the
 * `shared` trials and `jaccard = shared / (trials_a + trials_b − shared)` (null when both have none);
 * null for an unresolved sponsor or a pair without a count.
 */
export function overlapMatrix(
  sponsors: readonly string[],
  counts: ReadonlyMap<string, number>,
  pairs: DataFrame,
  unresolved: ReadonlySet<string> = new Set(),
): DataFrame {
  const shared = new Map<string, number>();
  for (const r of pairs.toRecords()) {
    if (r.shared === null || r.shared === undefined) continue;
    const n = Number(r.shared);
    shared.set(`${r.sponsor_a}\u0000${r.sponsor_b}`, n);
    shared.set(`${r.sponsor_b}\u0000${r.sponsor_a}`, n);
  }
  // A missing count or an unresolved sponsor is null (unknown), never a measured-looking 0.
  const rows = sponsors.flatMap((a, i) =>
    sponsors.slice(i + 1).map((b) => {
      const ca = unresolved.has(a) ? undefined : counts.get(a);
      const cb = unresolved.has(b) ? undefined : counts.get(b);
      const base = { sponsor_a: a, sponsor_b: b, trials_a: ca ?? null, trials_b: cb ?? null };
      if (unresolved.has(a) || unresolved.has(b)) return { ...base, shared: null, jaccard: null };
      const s = shared.get(`${a}\u0000${b}`);
      // A pair's count stands without the sponsors' own counts; its jaccard does not.
      if (s === undefined || ca === undefined || cb === undefined) {
        return { ...base, shared: s ?? null, jaccard: null };
      }
      const union = ca + cb - s;
      return { ...base, shared: s, jaccard: union > 0 ? s / union : null };
    })
  );
  return framed(rows, MATRIX_SCHEMA);
}

/**
 * The overlap matrix in wide form, symmetric: one row per sponsor, one column per sponsor; a pair's
 * value in both of its cells. The diagonal holds each sponsor's own trial count for `shared` (how many
 * trials it could share at most) and is empty (null) for `jaccard`.
 *
 * @param matrix The pairs (`sponsor_a, sponsor_b, shared, jaccard`, with `trials_a, trials_b` for the
 *   diagonal; a pair given in both orders, or a sponsor with itself, is read once).
 * @param value Which value fills the cells.
 * @returns `sponsor` plus one column per sponsor, in the order of first appearance.
 */
export function overlapWide(matrix: DataFrame, value: "shared" | "jaccard" = "shared"): DataFrame {
  const records = matrix.toRecords();
  const order = [...new Set(records.flatMap((r) => [String(r.sponsor_a), String(r.sponsor_b)]))];
  const cells = new Map<string, unknown>();
  const own = new Map<string, unknown>();
  for (const r of records) {
    const a = String(r.sponsor_a), b = String(r.sponsor_b);
    if (a === b) {
      if (value === "shared") own.set(a, r.shared);
      continue;
    }
    cells.set(`${a}\u0000${b}`, r[value]);
    cells.set(`${b}\u0000${a}`, r[value]);
    if (value === "shared" && "trials_a" in r) {
      if (!own.has(a)) own.set(a, r.trials_a);
      if (!own.has(b)) own.set(b, r.trials_b);
    }
  }
  const dtype = value === "shared" ? pl.Int64 : pl.Float64;
  const rows = order.map((a) => ({
    sponsor: a,
    ...Object.fromEntries(
      order.map((b) => [b, (a === b ? own.get(a) : cells.get(`${a}\u0000${b}`)) ?? null]),
    ),
  }));
  return framed(rows, { sponsor: pl.Utf8, ...Object.fromEntries(order.map((b) => [b, dtype])) });
}
