/**
 * Analysis 1: portfolio overlap of 2–10 sponsors in a condition — per-sponsor trial counts by phase
 * and status, the shared trials, a pairwise overlap matrix and the condition's market size.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Client } from "../client/mod.ts";
import type { Provenance } from "../client/result.ts";
import {
  type AnalysisResult,
  analysisResult,
  type AnalysisWarning,
  frameFromResult,
  toFrame,
} from "../frames/mod.ts";
import { framed } from "./_measures.ts";
import { overlapMatrix, overlapWide, pairsFromMemberships, tallies } from "./_overlap.ts";

export { overlapWide };

/** Input frames of {@linkcode portfolioOverlapFromFrames}. */
export interface PortfolioOverlapInput {
  /** Per-sponsor summaries: `toFrame("portfolioSponsor", body.data.comparison)`. */
  readonly comparison: pl.DataFrame;
  /** Pairwise shared-trial counts `sponsor_a, sponsor_b, shared` (one row per unordered pair). */
  readonly pairs?: pl.DataFrame;
  /** Or trial memberships `sponsor, trial_id`, from which the pairs are counted. */
  readonly memberships?: pl.DataFrame;
  /** Shared trials (rows of `trials.portfolio`). @default {empty} */
  readonly shared?: pl.DataFrame;
  /** The condition keyword. @default {""} */
  readonly condition?: string;
  /** Trials in the condition (`market_size_trials`). @default {null} */
  readonly marketSize?: number | null;
  /** Exact total of shared trials (`intersection_count`). @default {shared.height} */
  readonly intersectionCount?: number;
}

/** Output frames of the portfolio overlap. */
export interface PortfolioOverlapFrames {
  /** `sponsor, resolved_name, resolved, trial_count, market_share` (share of the condition's trials). */
  readonly sponsors: pl.DataFrame;
  /** `sponsor, phase, trials`. */
  readonly byPhase: pl.DataFrame;
  /** `sponsor, status, trials`. */
  readonly byStatus: pl.DataFrame;
  /** Shared trials: `id, title, status, phase, startDate, sponsors`. */
  readonly shared: pl.DataFrame;
  /** Long overlap matrix: `sponsor_a, sponsor_b, shared, jaccard` (see {@linkcode overlapWide}). */
  readonly matrix: pl.DataFrame;
  /** One row: `condition, market_size_trials, intersection_count, condition_resolved`. */
  readonly market: pl.DataFrame;
}

/** Result of {@linkcode portfolioOverlap}. */
export type PortfolioOverlap = AnalysisResult<PortfolioOverlapFrames>;

/**
 * Pure core of the portfolio overlap: DataFrames in, DataFrames out.
 *
 * `jaccard = shared / (trials_a + trials_b − shared)`; the diagonal holds each sponsor's own count.
 * A `marketSize` of 0 means the condition did not resolve (PITFALLS 12): `condition_resolved` is false.
 *
 * @param input Comparison frame plus pairs or memberships.
 * @returns The output frames.
 * @example Two sponsors sharing one trial
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { toFrame } from "../frames/mod.ts";
 * import { portfolioOverlapFromFrames } from "./portfolio_overlap.ts";
 * const comparison = toFrame("portfolioSponsor", [
 *   { sponsor: "A", resolved_name: "A Inc", trial_count: 3, by_phase: { PHASE2: 3 }, by_status: { RECRUITING: 3 } },
 *   { sponsor: "B", resolved_name: "B plc", trial_count: 2, by_phase: { PHASE3: 2 }, by_status: { COMPLETED: 2 } },
 * ]);
 * const pairs = pl.DataFrame({ sponsor_a: ["A"], sponsor_b: ["B"], shared: [1] });
 * const out = portfolioOverlapFromFrames({ comparison, pairs, marketSize: 10, condition: "asthma" });
 * const ab = out.matrix.filter(pl.col("sponsor_a").eq(pl.lit("A")).and(pl.col("sponsor_b").eq(pl.lit("B"))));
 * assert.equal(ab.getColumn("jaccard").get(0), 0.25);
 * ```
 */
export function portfolioOverlapFromFrames(input: PortfolioOverlapInput): PortfolioOverlapFrames {
  const { comparison } = input;
  const names = comparison.getColumn("sponsor").toArray() as string[];
  const counts = new Map(
    comparison.select("sponsor", "trial_count").toRecords().map((
      r,
    ) => [String(r.sponsor), Number(r.trial_count)]),
  );
  const pairs = input.pairs ??
    (input.memberships ? pairsFromMemberships(input.memberships) : framed([], {
      sponsor_a: pl.Utf8,
      sponsor_b: pl.Utf8,
      shared: pl.Int64,
    }));
  const market = input.marketSize ?? null;
  const shared = input.shared ?? toFrame("compositeTrial", []);
  const share = market ? pl.col("trial_count").cast(pl.Float64).div(pl.lit(market)) : pl.lit(null);
  return {
    sponsors: comparison.select(
      pl.col("sponsor"),
      pl.col("resolved_name"),
      pl.col("resolved_name").isNotNull().alias("resolved"),
      pl.col("trial_count"),
      share.cast(pl.Float64).alias("market_share"),
    ),
    byPhase: tallies(comparison, "by_phase", "phase"),
    byStatus: tallies(comparison, "by_status", "status"),
    shared,
    matrix: overlapMatrix(names, counts, pairs),
    market: framed([{
      condition: input.condition ?? "",
      market_size_trials: market,
      intersection_count: input.intersectionCount ?? shared.height,
      condition_resolved: market === null ? null : market > 0,
    }], {
      condition: pl.Utf8,
      market_size_trials: pl.Int64,
      intersection_count: pl.Int64,
      condition_resolved: pl.Bool,
    }),
  };
}

/** Parameters of {@linkcode portfolioOverlap}. */
export interface PortfolioOverlapParams {
  /** 1–10 sponsor names (2+ for a matrix). */
  readonly sponsors: readonly string[];
  /** Condition keyword (an unresolvable one gives zeros, flagged). */
  readonly condition: string;
  /** Loose phase filter ('Phase 2', 'II', …). */
  readonly phase?: string;
  /** Status filter (uppercased by the client). */
  readonly status?: string;
}

interface PortfolioBody {
  data: { comparison: unknown[]; market_size_trials: number; intersection_count: number };
}

/**
 * Portfolio overlap of sponsors in a condition, fetched with the client: one `trials.portfolio` pull
 * of all sponsors (comparison, every shared trial, market size), then one `limit: 1` call per sponsor
 * pair whose `intersection_count` is the pair's shared-trial count.
 *
 * @param client A client from `createClient`.
 * @param params Sponsors, condition and optional phase/status filters.
 * @returns The frames, provenance of every call, and warnings (unresolved sponsors or condition).
 * @example Two sandbox sponsors in a condition
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { portfolioOverlap } from "./portfolio_overlap.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
 * const r = await portfolioOverlap(ri, { sponsors: ["Pfizer", "Novartis"], condition: "asthma" });
 * assert.equal(r.matrix.height, 4);
 * ```
 */
export async function portfolioOverlap(
  client: Client,
  params: PortfolioOverlapParams,
): Promise<PortfolioOverlap> {
  const { sponsors, condition, phase, status } = params;
  const filters = { conditionKeyword: condition, ...(phase ? { phase } : {}), ...(status ? { status } : {}) };
  const main = await client.trials.portfolio.all({ sponsors: [...sponsors], ...filters });
  const body = main.body as PortfolioBody;
  const pairList = sponsors.flatMap((a, i) => sponsors.slice(i + 1).map((b) => [a, b] as const));
  const pairCalls = await Promise.all(
    pairList.map(([a, b]) => client.trials.portfolio({ sponsors: [a, b], ...filters, limit: 1 })),
  );
  const pairs = framed(
    pairCalls.map((r, i) => ({ sponsor_a: pairList[i][0], sponsor_b: pairList[i][1], shared: r.total ?? 0 })),
    { sponsor_a: pl.Utf8, sponsor_b: pl.Utf8, shared: pl.Int64 },
  );
  const comparison = toFrame("portfolioSponsor", body.data.comparison as Record<string, unknown>[]);
  const frames = portfolioOverlapFromFrames({
    comparison,
    pairs,
    shared: frameFromResult(main),
    condition,
    marketSize: body.data.market_size_trials,
    intersectionCount: body.data.intersection_count,
  });
  const warnings: AnalysisWarning[] = [];
  if (body.data.market_size_trials === 0) {
    warnings.push({
      code: "maybe-unresolved",
      message: `Condition '${condition}' has no trials: it may not resolve to a disease, so every count is 0`,
      pitfall: 12,
    });
  }
  for (const r of comparison.filter(pl.col("resolved_name").isNull()).toRecords()) {
    warnings.push({
      code: "unresolved-sponsor",
      message: `Sponsor '${r.sponsor}' did not resolve; its zeros do not mean it has no trials`,
    });
  }
  // Pair calls read only the total (limit 1), so their one-page notice is expected, not a finding.
  const pairMeta = pairCalls.map((r) => ({
    ...r.meta,
    warnings: r.meta.warnings.filter((w) => w.code !== "one-page"),
  }));
  const provenance: Provenance[] = [main.meta, ...pairMeta];
  return analysisResult(frames, provenance, warnings, main.meta.complete);
}
