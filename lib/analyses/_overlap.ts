/**
 * Private: the pure pieces of the portfolio overlap (analysis 1): long per-sponsor tallies from the
 * comparison's JSON maps, and the pairwise overlap matrix.
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

/**
 * The long overlap matrix over every ordered pair of `sponsors` (diagonal included): `shared` trials and
 * `jaccard = shared / (trials_a + trials_b − shared)` (null when both have none; 1 on the diagonal);
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
  const rows = sponsors.flatMap((a) =>
    sponsors.map((b) => {
      if (unresolved.has(a) || unresolved.has(b)) {
        return { sponsor_a: a, sponsor_b: b, shared: null, jaccard: null };
      }
      const ca = counts.get(a);
      const cb = counts.get(b);
      const s = a === b ? ca : shared.get(`${a}\u0000${b}`);
      if (ca === undefined || cb === undefined || s === undefined) {
        return { sponsor_a: a, sponsor_b: b, shared: s ?? null, jaccard: null };
      }
      const union = a === b ? ca : ca + cb - s;
      return { sponsor_a: a, sponsor_b: b, shared: s, jaccard: union > 0 ? s / union : null };
    })
  );
  return framed(rows, { sponsor_a: pl.Utf8, sponsor_b: pl.Utf8, shared: pl.Int64, jaccard: pl.Float64 });
}

/**
 * The overlap matrix in wide form: one row per `sponsor_a`, one column per sponsor.
 *
 * @param matrix The long matrix (`sponsor_a, sponsor_b, shared, jaccard`).
 * @param value Which value fills the cells.
 * @returns `sponsor` plus one column per sponsor, in the order of first appearance.
 */
export function overlapWide(matrix: DataFrame, value: "shared" | "jaccard" = "shared"): DataFrame {
  const order = [...new Set(matrix.getColumn("sponsor_a").toArray() as string[])];
  const cells = new Map<string, unknown>();
  for (const r of matrix.toRecords()) cells.set(`${r.sponsor_a}\u0000${r.sponsor_b}`, r[value]);
  const dtype = value === "shared" ? pl.Int64 : pl.Float64;
  const rows = order.map((a) => ({
    sponsor: a,
    ...Object.fromEntries(order.map((b) => [b, cells.get(`${a}\u0000${b}`) ?? null])),
  }));
  return framed(rows, { sponsor: pl.Utf8, ...Object.fromEntries(order.map((b) => [b, dtype])) });
}
