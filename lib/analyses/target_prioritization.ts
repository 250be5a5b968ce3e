/**
 * Analysis 3: target prioritization for a disease — prioritized targets joined with their drugs
 * (target landscape) and association evidence, ranked by a documented composite score, with a
 * "white space" flag for strongly associated targets that have no approved drug.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Client } from "../client/mod.ts";
import { type AnalysisResult, analysisResult, type AnalysisWarning, toFrame } from "../frames/mod.ts";

/** Weights of the composite score (each multiplies a z-score over the listed targets). */
export interface CompositeWeights {
  /** Weight of z(association_score). @default {0.4} */
  readonly association?: number;
  /** Weight of z(ln(1 + evidence_count)). @default {0.2} */
  readonly evidence?: number;
  /** Weight of z(novelty_score). @default {0.2} */
  readonly novelty?: number;
  /** Weight of z(max_phase) — tractability: how far any drug on the target got. @default {0.2} */
  readonly tractability?: number;
}

/** Default composite weights. */
export const DEFAULT_WEIGHTS: Required<CompositeWeights> = {
  association: 0.4,
  evidence: 0.2,
  novelty: 0.2,
  tractability: 0.2,
};

/** Options of {@linkcode targetPrioritizationFromFrames}. */
export interface TargetPrioritizationOptions {
  /** Composite weights. @default {DEFAULT_WEIGHTS} */
  readonly weights?: CompositeWeights;
  /** Association score from which a target without an approved drug is white space. @default {0.5} */
  readonly whiteSpaceMinScore?: number;
}

/** z-score over the column, 0 where the value is null or the spread is 0 (population sd). */
function z(x: pl.Expr): pl.Expr {
  const sd = x.pow(2).mean().sub(x.mean().pow(2)).pow(0.5);
  return pl.when(sd.gt(1e-12)).then(x.sub(x.mean()).div(sd)).otherwise(pl.lit(0.0)).fillNull(0.0);
}

/**
 * Pure core: join targets with drug summaries and association evidence, then rank.
 *
 * Composite score (higher is better), each term a population z-score over the listed targets:
 * `composite = 0.4·z(association_score) + 0.2·z(ln(1 + evidence_count)) + 0.2·z(novelty_score)
 *  + 0.2·z(max_phase)` (weights configurable). Each z uses the mean and population standard deviation
 * of the non-null values; a missing value (no drug, no evidence) and a zero spread score 0. `rank` 1 is the best;
 * ties go to the higher association score, then the target id. `white_space` is
 * `association_score ≥ 0.5 and approved_count = 0`.
 *
 * @param targets Prioritized targets (`toFrame("prioritizedTarget", rows)`).
 * @param drugs Drugs per target (`toFrame("targetDrug", rows)` with a `target_id` column).
 * @param associations Associations (`toFrame("association", rows)`), for `evidence_count`. @default {none}
 * @param options Weights and white-space threshold.
 * @returns One row per target: `rank, target_id, target_name, symbol, association_score, novelty_score,
 *   trials_in_disease, approved_drugs, evidence_count, drug_count, approved_count, max_phase,
 *   safety_warnings, white_space, composite`.
 * @example A strongly associated target with no approved drug is white space
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { toFrame } from "../frames/mod.ts";
 * import { targetPrioritizationFromFrames } from "./target_prioritization.ts";
 * const t = (id: string, s: number) => ({ target_name: id, association_score: s, approved_drugs: 0,
 *   trials_in_disease: 1, novelty_score: 0.5, target_id: id });
 * const targets = toFrame("prioritizedTarget", [t("T1", 0.9), t("T2", 0.3)]);
 * const drugs = toFrame("targetDrug", [{ chembl_id: "CHEMBL1", drug_name: "x", action_type: "INHIBITOR",
 *   mechanism_of_action: "m", max_phase: 2, is_approved: false, safety_warnings: [] }])
 *   .withColumns(pl.lit("T1").alias("target_id"));
 * const out = targetPrioritizationFromFrames(targets, drugs);
 * assert.deepEqual(out.getColumn("target_id").toArray(), ["T1", "T2"]);
 * assert.deepEqual(out.getColumn("white_space").toArray(), [true, false]);
 * ```
 */
export function targetPrioritizationFromFrames(
  targets: pl.DataFrame,
  drugs: pl.DataFrame,
  associations?: pl.DataFrame,
  options: TargetPrioritizationOptions = {},
): pl.DataFrame {
  const w = { ...DEFAULT_WEIGHTS, ...options.weights };
  const summary = drugs.groupBy("target_id").agg(
    pl.col("chembl_id").nUnique().cast(pl.Int64).alias("drug_count"),
    pl.col("chembl_id").filter(pl.col("is_approved")).nUnique().cast(pl.Int64).alias("approved_count"),
    pl.col("max_phase").max().alias("max_phase"),
    pl.col("safety_warnings").lst.lengths().sum().cast(pl.Int64).alias("safety_warnings"),
  );
  const evidence = (associations ?? toFrame("association", []))
    .groupBy("target_id").agg(pl.col("evidence_count").max().alias("evidence_count"));
  const evidenceLog = pl.col("evidence_count").cast(pl.Float64).add(1).log();
  return targets
    .select(
      "target_id",
      "target_name",
      "symbol",
      "association_score",
      "novelty_score",
      "trials_in_disease",
      "approved_drugs",
    )
    .join(evidence, { on: "target_id", how: "left" })
    .join(summary, { on: "target_id", how: "left" })
    .withColumns(
      ...["drug_count", "approved_count", "safety_warnings"].map((c) => pl.col(c).fillNull(0).cast(pl.Int64)),
    )
    .withColumns(
      pl.col("association_score").gtEq(options.whiteSpaceMinScore ?? 0.5)
        .and(pl.col("approved_count").eq(0)).alias("white_space"),
      z(pl.col("association_score")).mul(w.association)
        .add(z(evidenceLog).mul(w.evidence))
        .add(z(pl.col("novelty_score")).mul(w.novelty))
        .add(z(pl.col("max_phase").cast(pl.Float64)).mul(w.tractability))
        .alias("composite"),
    )
    .sort(["composite", "association_score", "target_id"], [true, true, false])
    .withRowIndex("rank", 1)
    .withColumns(pl.col("rank").cast(pl.Int64));
}

/** Parameters of {@linkcode targetPrioritization}: `disease` or `efo_id`. */
export interface TargetPrioritizationParams extends TargetPrioritizationOptions {
  /** Disease name. */
  readonly disease?: string;
  /** Disease CURIE (takes precedence). */
  readonly efo_id?: string;
  /** Targets to take, 1–200; the list is complete only when fewer come back. @default {20} */
  readonly topN?: number;
  /** Minimum association score. @default {0} */
  readonly minScore?: number;
}

/** Result of {@linkcode targetPrioritization}: the ranked `targets` and the `drugs` behind them. */
export type TargetPrioritization = AnalysisResult<{
  /** Ranked targets (see {@linkcode targetPrioritizationFromFrames}). */
  readonly targets: pl.DataFrame;
  /** Every drug per target (`target_id` + target-landscape columns). */
  readonly drugs: pl.DataFrame;
}>;

/**
 * Target prioritization fetched with the client: `biology.prioritizeTargets`, then one
 * `biology.targetLandscape` call per target and one `biology.associations` call for the disease.
 * `complete` is false when `total_targets == topN` (more targets may exist; PITFALLS 27).
 *
 * @param client A client from `createClient`.
 * @param params Disease, topN, minScore, weights.
 * @returns Ranked targets and their drugs, with provenance and warnings.
 * @example Top targets of a sandbox disease
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { targetPrioritization } from "./target_prioritization.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
 * const r = await targetPrioritization(ri, { disease: "breast cancer", topN: 5 });
 * assert.ok(r.targets.height <= 5);
 * ```
 */
export async function targetPrioritization(
  client: Client,
  params: TargetPrioritizationParams,
): Promise<TargetPrioritization> {
  const topN = params.topN ?? 20;
  const pri = await client.biology.prioritizeTargets({
    ...(params.efo_id ? { efo_id: params.efo_id } : { disease: params.disease }),
    topN,
    minScore: params.minScore ?? 0,
  });
  const body = pri.body as { data: { disease: { efo_id: string }; total_targets: number } };
  const targets = toFrame("prioritizedTarget", pri.rows as Record<string, unknown>[]);
  const ids = targets.getColumn("target_id").toArray() as string[];
  const [landscapes, assoc] = await Promise.all([
    Promise.all(ids.map((target) => client.biology.targetLandscape({ target }))),
    client.biology.associations({ entity: body.data.disease.efo_id, minScore: 0, limit: 100 }),
  ]);
  const drugFrames = landscapes.map((r, i) =>
    toFrame("targetDrug", r.rows as Record<string, unknown>[]).withColumns(pl.lit(ids[i]).alias("target_id"))
  );
  const drugs = drugFrames.length
    ? pl.concat(drugFrames, { how: "vertical" }).select("target_id", ...drugFrames[0].columns.slice(0, -1))
    : toFrame("targetDrug", []).withColumns(pl.lit(null).cast(pl.Utf8).alias("target_id"));
  const associations = toFrame("association", assoc.rows as Record<string, unknown>[]);
  const ranked = targetPrioritizationFromFrames(targets, drugs, associations, params);
  const complete = body.data.total_targets < topN;
  const flagged = pri.meta.warnings.some((w) => w.code === "capped");
  const warnings: AnalysisWarning[] = complete || flagged ? [] : [{
    code: "capped",
    message: `total_targets = topN (${topN}): more targets may exist; raise topN (max 200)`,
    pitfall: 27,
  }];
  if (assoc.rows.length >= 100 && ids.length > 0) {
    warnings.push({
      code: "capped",
      message: "Associations capped at 100: some targets lack evidence_count",
    });
  }
  return analysisResult(
    { targets: ranked, drugs },
    [pri.meta, assoc.meta, ...landscapes.map((r) => r.meta)],
    warnings,
    complete,
  );
}
