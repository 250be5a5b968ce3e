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
  withKeys,
} from "../frames/mod.ts";
import { framed } from "./_measures.ts";
import { overlapMatrix, overlapWide, pairsFromMemberships, tallies } from "./_overlap.ts";
import {
  closestHint,
  closestNames,
  diseaseLookup,
  organizationLookup,
  resolveEntity,
} from "./_resolve_entity.ts";
import { checkParams } from "./params.ts";
import type { DataFrame } from "../frames/polars.ts";

export { overlapWide };

/** Input frames of {@linkcode portfolioOverlapFromFrames}. */
export interface PortfolioOverlapInput {
  /** Per-sponsor summaries: `toFrame("portfolioSponsor", body.data.comparison)`. */
  readonly comparison: DataFrame;
  /** Pairwise shared-trial counts `sponsor_a, sponsor_b, shared` (one row per unordered pair). */
  readonly pairs?: DataFrame;
  /** Or trial memberships `sponsor, trial_id`, from which the pairs are counted. */
  readonly memberships?: DataFrame;
  /** Shared trials (rows of `trials.portfolio`). @default {empty} */
  readonly shared?: DataFrame;
  /** The condition keyword. @default {""} */
  readonly condition?: string;
  /** Trials in the condition (`market_size_trials`). @default {null} */
  readonly marketSize?: number | null;
  /** Exact total of shared trials (`intersection_count`: trials of at least two sponsors). @default {shared.height} */
  readonly intersectionCount?: number;
  /** Trials shared by every listed sponsor (null: unknown). @default {null} */
  readonly sharedByAll?: number | null;
}

/** Output frames of the portfolio overlap. */
export interface PortfolioOverlapFrames {
  /** `sponsor, resolved_name, resolved, trial_count, market_share` (share of the condition's trials). */
  readonly sponsors: DataFrame;
  /** `sponsor, phase, trials`. */
  readonly byPhase: DataFrame;
  /** `sponsor, status, trials`. */
  readonly byStatus: DataFrame;
  /** Shared trials: `id, title, status, phase, startDate, sponsors`. */
  readonly shared: DataFrame;
  /** Long overlap matrix: `sponsor_a, sponsor_b, shared, jaccard` (see {@linkcode overlapWide}). */
  readonly matrix: DataFrame;
  /**
   * One row: `condition, market_size_trials, shared_by_two_or_more` (the service's `intersection_count`:
   * trials sponsored by at least two of the listed sponsors), `shared_by_all` (by every one of them),
   * `condition_resolved`.
   */
  readonly market: DataFrame;
}

/** Result of {@linkcode portfolioOverlap}. */
export type PortfolioOverlap = AnalysisResult<PortfolioOverlapFrames>;

/**
 * Pure core of the portfolio overlap: DataFrames in, DataFrames out.
 *
 * `jaccard = shared / (trials_a + trials_b − shared)`; the diagonal holds each sponsor's own count.
 * A `marketSize` of 0 means the condition did not resolve (PITFALLS 12): `condition_resolved` is false.
 * A sponsor that did not resolve (`resolved_name` null) has a null market share and null overlaps: a
 * number there would look measured. A pair or a sponsor without a count has null overlaps, never 0.
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
  // A sponsor without a trial count has none here: its overlaps are unknown (null), not computed from 0.
  const counts = new Map(
    comparison.select("sponsor", "trial_count").toRecords().filter((r) => r.trial_count !== null)
      .map((r) => [String(r.sponsor), Number(r.trial_count)]),
  );
  const pairs = input.pairs ??
    (input.memberships ? pairsFromMemberships(input.memberships) : framed([], {
      sponsor_a: pl.Utf8,
      sponsor_b: pl.Utf8,
      shared: pl.Int64,
    }));
  const market = input.marketSize ?? null;
  const shared = input.shared ?? toFrame("compositeTrial", []);
  const unresolved = new Set(
    comparison.filter(pl.col("resolved_name").isNull()).getColumn("sponsor").toArray() as string[],
  );
  // An unresolved sponsor has no measured share: null, not 0.
  const share = market
    ? pl.when(pl.col("resolved_name").isNotNull()).then(
      pl.col("trial_count").cast(pl.Float64).div(pl.lit(market)),
    )
      .otherwise(pl.lit(null))
    : pl.lit(null);
  return withKeys({
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
    matrix: overlapMatrix(names, counts, pairs, unresolved),
    market: framed([{
      condition: input.condition ?? "",
      market_size_trials: market,
      shared_by_two_or_more: input.intersectionCount ?? shared.height,
      // Trials of every sponsor are unknown when one of them did not resolve: null, not 0.
      shared_by_all: unresolved.size
        ? null
        : names.length === 2
        ? (input.intersectionCount ?? shared.height)
        : input.sharedByAll ?? null,
      condition_resolved: market === null ? null : market > 0,
    }], {
      condition: pl.Utf8,
      market_size_trials: pl.Int64,
      shared_by_two_or_more: pl.Int64,
      shared_by_all: pl.Int64,
      condition_resolved: pl.Bool,
    }),
  }, {
    sponsors: ["sponsor"],
    byPhase: ["sponsor", "phase"],
    byStatus: ["sponsor", "status"],
    shared: ["id"],
    matrix: ["sponsor_a", "sponsor_b"],
    market: [], // one row
  });
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
  data: { comparison: Record<string, unknown>[]; market_size_trials: number; intersection_count: number };
}

const COMPARISON_FIELDS = ["sponsor", "resolved_name", "trial_count", "by_phase", "by_status"] as const;
const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Portfolio overlap of sponsors in a condition, fetched with the client: one `trials.portfolio` pull
 * of all sponsors (comparison, every shared trial, market size), then one call per sponsor pair whose
 * `intersection_count` is the pair's shared-trial count (the pairs with the first sponsor are pulled
 * whole: their shared trial ids intersect to the trials every sponsor shares).
 *
 * Sponsor names are trimmed once, here; every lookup that can miss says so rather than reading 0. The
 * per-sponsor summary's fields are not named by the spec: when the service does not send them, each
 * sponsor's count and phase/status mix come from a composite search (`sponsor` + `disease`, every
 * page; its `totalCount` is spec-named) and its resolution from organization autocomplete.
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
  checkParams("portfolioOverlap", params);
  const sponsors = params.sponsors.map((s) => s.trim().replace(/\s+/g, " "));
  const condition = params.condition.trim();
  const { phase, status } = params;
  const filters = { conditionKeyword: condition, ...(phase ? { phase } : {}), ...(status ? { status } : {}) };
  const main = await client.trials.portfolio.all({ sponsors: [...sponsors], ...filters });
  const body = main.body as PortfolioBody;
  const warnings: AnalysisWarning[] = [];
  const provenance: Provenance[] = [main.meta];
  // Per-sponsor summaries: the service's rows where they carry their fields, else derived.
  const served = body.data.comparison ?? [];
  const complete = served.length > 0 && served.every((r) => COMPARISON_FIELDS.every((f) => f in r));
  let rows: Record<string, unknown>[];
  // Closest names of each sponsor autocomplete did not match, when derived (no second lookup).
  const suggested = new Map<string, string[]>();
  if (complete) {
    const byName = new Map(served.map((r) => [norm(String(r.sponsor)), r]));
    rows = sponsors.map((s, i) => {
      const hit = byName.get(norm(s)) ?? served[i];
      if (!byName.has(norm(s))) {
        warnings.push({
          code: "lookup-missed",
          message: `The service's summary has no row named '${s}'; used its row ${i + 1} (same position)`,
        });
      }
      return { ...hit, sponsor: s };
    });
  } else {
    const derived = await Promise.all(
      sponsors.map((s) => deriveSummary(client, s, condition, phase, status)),
    );
    rows = derived.map((d) => d.row);
    derived.forEach((d, i) => suggested.set(sponsors[i], d.suggestions));
    provenance.push(...derived.flatMap((d) => d.provenance));
    warnings.push({
      code: "derived",
      message:
        "The service's per-sponsor summary has no fields the toolkit can read (the spec does not name " +
        "them): each sponsor's trial count and phase/status mix come from a composite search (sponsor + " +
        "disease) and its resolution from organization autocomplete",
    });
  }
  const comparison = toFrame("portfolioSponsor", rows);
  // Pairs: the first sponsor's pairs whole (their ids give the all-sponsor intersection), others a count.
  const pairList = sponsors.flatMap((a, i) => sponsors.slice(i + 1).map((b) => [a, b] as const));
  const pairCalls = await Promise.all(
    pairList.map(([a, b], i) =>
      i < sponsors.length - 1 && sponsors.length > 2
        ? client.trials.portfolio.all({ sponsors: [a, b], ...filters })
        : client.trials.portfolio({ sponsors: [a, b], ...filters, limit: 1 })
    ),
  );
  const pairs = framed(
    pairCalls.map((r, i) => ({ sponsor_a: pairList[i][0], sponsor_b: pairList[i][1], shared: r.total })),
    { sponsor_a: pl.Utf8, sponsor_b: pl.Utf8, shared: pl.Int64 },
  );
  // Each pair's count is the spec's intersection_count, which the catalogue requires: never missing here.
  let sharedByAll: number | null = null;
  if (sponsors.length > 2) {
    const sets = pairCalls.slice(0, sponsors.length - 1).map((r) =>
      new Set((r.rows as { id?: string }[]).map((t) => t.id))
    );
    sharedByAll = [...sets[0]].filter((id) => sets.every((s) => s.has(id))).length;
  }
  const frames = portfolioOverlapFromFrames({
    comparison,
    pairs,
    shared: frameFromResult(main),
    condition,
    marketSize: body.data.market_size_trials,
    intersectionCount: body.data.intersection_count,
    sharedByAll,
  });
  if (body.data.market_size_trials === 0) {
    warnings.push({
      code: "maybe-unresolved",
      message:
        `Condition '${condition}' has no trials: it may not resolve to a disease, so every count is 0` +
        closestHint(await closestNames(diseaseLookup(client), condition)),
      pitfall: 12,
    });
  }
  for (const r of comparison.filter(pl.col("resolved_name").isNull()).toRecords()) {
    warnings.push({
      code: "unresolved-sponsor",
      message: `Sponsor '${r.sponsor}' did not resolve: its share and overlaps are null (not 0)` +
        closestHint(
          suggested.get(String(r.sponsor)) ??
            await closestNames(organizationLookup(client), String(r.sponsor)),
        ),
    });
  }
  // Pair calls read only the total (limit 1), so their one-page notice is expected, not a finding.
  const pairMeta = pairCalls.map((r) => ({
    ...r.meta,
    warnings: r.meta.warnings.filter((w) => w.code !== "one-page"),
  }));
  return analysisResult(frames, [...provenance, ...pairMeta], warnings, main.meta.complete, {
    shared_by_two_or_more: "trials in the condition sponsored by at least two of the listed sponsors " +
      "(the service's intersection_count)",
    shared_by_all: "trials sponsored by every listed sponsor; null (unknown) when a sponsor did not resolve",
    jaccard: "shared / (trials_a + trials_b − shared); null for an unresolved sponsor",
  });
}

/** One sponsor's summary from spec-named data: composite search (every page) and autocomplete. */
async function deriveSummary(
  client: Client,
  sponsor: string,
  condition: string,
  phase: string | undefined,
  status: string | undefined,
): Promise<{ row: Record<string, unknown>; provenance: Provenance[]; suggestions: string[] }> {
  const [trials, resolution] = await Promise.all([
    client.trials.composite.all({
      sponsor,
      disease: condition,
      ...(phase ? { phase } : {}),
      ...(status ? { status } : {}),
    }),
    resolveEntity(client, "sponsor", sponsor),
  ]);
  const tally = (k: "phase" | "status") => {
    const out: Record<string, number> = {};
    for (const t of trials.rows as Record<string, unknown>[]) {
      const v = String(t[k] ?? "NA");
      out[v] = (out[v] ?? 0) + 1;
    }
    return out;
  };
  // A sponsor with trials resolved, whatever autocomplete says.
  const resolved = (trials.total ?? 0) > 0 || resolution.resolved === true;
  return {
    row: {
      sponsor,
      resolved_name: resolved ? resolution.name ?? sponsor : null,
      trial_count: trials.total ?? trials.rows.length,
      by_phase: tally("phase"),
      by_status: tally("status"),
    },
    provenance: [{
      ...trials.meta,
      warnings: trials.meta.warnings.filter((w) => w.code !== "maybe-unresolved"),
    }],
    suggestions: resolution.suggestions,
  };
}
