/**
 * Analysis 3: target prioritization for a disease — prioritized targets joined with their drugs
 * (target landscape) and association evidence, ranked by a documented composite score, with a
 * "white space" flag for strongly associated targets that have no approved drug.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Client } from "../client/mod.ts";
import {
  type AnalysisResult,
  analysisResult,
  type AnalysisWarning,
  toFrame,
  withKey,
  withKeys,
} from "../frames/mod.ts";
import { closestHint, closestNames, diseaseLookup, sameName } from "./_resolve_entity.ts";
import { badInput } from "../client/errors.ts";
import { checkParams } from "./params.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Weights of the composite score (each multiplies a term on a fixed 0–1 scale). */
export interface CompositeWeights {
  /** Weight of the association score (0–1 as served). @default {0.4} */
  readonly association?: number;
  /** Weight of the evidence term `min(1, log10(1 + evidence_count) / 3)` (1,000 items = 1). @default {0.2} */
  readonly evidence?: number;
  /** Weight of the novelty score (0–1 as served). @default {0.2} */
  readonly novelty?: number;
  /** Weight of tractability `max_phase / 4` — how far any drug on the target got; no drug = 0. @default {0.2} */
  readonly tractability?: number;
}

/**
 * The composite score's definition, for captions and notes: fixed scales, so a target's score does
 * not depend on which other targets were listed (or on `topN`).
 */
export function compositeDefinition(weights: CompositeWeights = {}): string {
  const w = { ...DEFAULT_WEIGHTS, ...weights };
  const sum = w.association + w.evidence + w.novelty + w.tractability;
  const f = (x: number) => String(Math.round((x / sum) * 100) / 100);
  return `composite = ${f(w.association)}·association + ${f(w.evidence)}·evidence + ${
    f(w.novelty)
  }·novelty + ` +
    `${f(w.tractability)}·tractability, each on a fixed 0–1 scale: association and novelty as served, ` +
    `evidence = min(1, log10(1 + evidence count) / 3), tractability = max clinical phase / 4 ` +
    `(no drug = 0, least tractable); a target's score does not depend on the others listed`;
}

/** Default composite weights. */
export const DEFAULT_WEIGHTS: Required<CompositeWeights> = {
  association: 0.4,
  evidence: 0.2,
  novelty: 0.2,
  tractability: 0.2,
};

/** The weights with defaults filled in; throws a RangeError naming them when they cannot score. */
function checkedWeights(weights: CompositeWeights = {}): Required<CompositeWeights> {
  const w = { ...DEFAULT_WEIGHTS, ...weights };
  const total = w.association + w.evidence + w.novelty + w.tractability;
  if (!(total > 0) || Object.values(w).some((x) => !(x >= 0))) {
    throw badInput(
      new RangeError(
        `weights must be non-negative numbers with a positive sum, got ${JSON.stringify(weights)}; ` +
          `e.g. { association: 0.4, evidence: 0.2, novelty: 0.2, tractability: 0.2 }`,
      ),
    );
  }
  return w;
}

/** Options of {@linkcode targetPrioritizationFromFrames}. */
export interface TargetPrioritizationOptions {
  /** Composite weights. @default {DEFAULT_WEIGHTS} */
  readonly weights?: CompositeWeights;
  /** Association score from which a target without an approved drug is white space. @default {0.5} */
  readonly whiteSpaceMinScore?: number;
  /**
   * Terms the service gave no data for (their fields are not named by the spec): they get weight 0 and
   * the composite is the weighted mean of the rest. @default {[]}
   */
  readonly unavailable?: readonly ("evidence" | "tractability")[];
}

/** A value clamped to 0–1, 0 where null. */
function unit(x: pl.Expr): pl.Expr {
  return x.cast(pl.Float64).clip(0, 1).fillNull(0.0);
}

/**
 * Pure core: join targets with drug summaries and association evidence, then rank.
 *
 * Composite score (higher is better, 0–1), a weighted mean of terms on fixed 0–1 scales, so a
 * target's score does not depend on which other targets were listed or on `topN` (see
 * {@linkcode compositeDefinition}): `association_score` and `novelty_score` as served,
 * `evidence = min(1, log10(1 + evidence_count) / 3)` (no evidence = 0), `tractability = max_phase / 4`
 * where a target with no drug is least tractable (0), not average. Default weights 0.4, 0.2, 0.2, 0.2
 * (configurable; normalised to sum 1). `rank` 1 is the best; ties go to the higher association score,
 * then the target id. `white_space` (its own flag, not part of the score) is
 * `association_score ≥ 0.5 and approved_drugs = 0` (the service's own count on the prioritized row).
 *
 * @param targets Prioritized targets (`toFrame("prioritizedTarget", rows)`).
 * @param drugs Drugs per target (`toFrame("targetDrug", rows)` with a `target_id` column).
 * @param associations Associations (`toFrame("association", rows)`), for `evidence_count`. @default {none}
 * @param options Weights and white-space threshold.
 * @returns One row per target: `rank, target_id, target_name, symbol, association_score, novelty_score,
 *   trials_in_disease, approved_drugs, evidence_count, drug_count, approved_count, max_phase,
 *   safety_warnings, tractability, white_space, composite`.
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
  targets: DataFrame,
  drugs: DataFrame,
  associations?: DataFrame,
  options: TargetPrioritizationOptions = {},
): DataFrame {
  const w = { ...checkedWeights(options.weights) };
  for (const term of options.unavailable ?? []) w[term] = 0;
  const total = w.association + w.evidence + w.novelty + w.tractability || 1;
  const summary = drugs.groupBy("target_id").agg(
    pl.col("chembl_id").nUnique().cast(pl.Int64).alias("drug_count"),
    pl.col("chembl_id").filter(pl.col("is_approved")).nUnique().cast(pl.Int64).alias("approved_count"),
    pl.col("max_phase").max().alias("max_phase"),
    pl.col("safety_warnings").lst.lengths().sum().cast(pl.Int64).alias("safety_warnings"),
  );
  const evidence = (associations ?? toFrame("association", []))
    .groupBy("target_id").agg(pl.col("evidence_count").max().alias("evidence_count"));
  const evidence01 = unit(pl.col("evidence_count").cast(pl.Float64).add(1).log(10).div(3));
  const ranked = targets
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
    .withColumns(unit(pl.col("max_phase").cast(pl.Float64).div(4)).alias("tractability"))
    .withColumns(
      // approved_drugs is the spec's own count on the prioritized row (approved_count needs drug fields).
      pl.col("association_score").gtEq(options.whiteSpaceMinScore ?? 0.5)
        .and(pl.col("approved_drugs").eq(0)).alias("white_space"),
      unit(pl.col("association_score")).mul(w.association)
        .add(evidence01.mul(w.evidence))
        .add(unit(pl.col("novelty_score")).mul(w.novelty))
        .add(pl.col("tractability").mul(w.tractability))
        .div(total)
        .alias("composite"),
    )
    .sort(["composite", "association_score", "target_id"], [true, true, false])
    .withRowIndex("rank", 1)
    .withColumns(pl.col("rank").cast(pl.Int64));
  return withKey(ranked, TARGETS_KEY);
}

/** Keys of the frames: one row per target, one per target × drug. */
const TARGETS_KEY = ["target_id"], DRUGS_KEY = ["target_id", "chembl_id"];

/**
 * A disease name's id by exact (case-insensitive) disease-autocomplete match, with the rows autocomplete
 * gave (for closest names); no rows when the lookup failed (a Free key: 402).
 */
async function diseaseId(
  client: Client,
  name: string | undefined,
): Promise<{ efo?: string; rows?: { name: string }[] }> {
  if (!name) return {};
  try {
    const rows = await diseaseLookup(client)(name.trim());
    return { efo: rows.find((d) => sameName(d.name, name))?.id, rows };
  } catch {
    return {};
  }
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
  readonly targets: DataFrame;
  /** Every drug per target (`target_id` + target-landscape columns). */
  readonly drugs: DataFrame;
}>;

/**
 * Target prioritization fetched with the client: `biology.prioritizeTargets`, then one
 * `biology.targetLandscape` call per target and one `biology.associations` call for the disease.
 * Completeness (PITFALLS 27: `total_targets == topN` means more may exist) is settled by asking for
 * `topN + 1`: more than `topN` back means more exist (`complete` false, the extra one dropped); at
 * `topN = 200`, the limit, a full list "may be incomplete" and says so.
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
  checkParams("targetPrioritization", params);
  checkedWeights(params.weights); // before any request
  const topN = params.topN ?? 20;
  // One more than asked settles completeness (PITFALLS 27): more than topN back = more exist.
  const ask = Math.min(topN + 1, 200);
  const pri = await client.biology.prioritizeTargets({
    ...(params.efo_id ? { efo_id: params.efo_id } : { disease: params.disease }),
    topN: ask,
    minScore: params.minScore ?? 0,
  });
  const body = pri.body as { data: { disease?: { efo_id?: string }; total_targets: number } };
  // The disease's id: the request's, the answer's (a field the spec does not name), or autocomplete's.
  const given = params.efo_id ?? body.data.disease?.efo_id;
  const looked = given === undefined ? await diseaseId(client, params.disease) : {};
  const efo = given ?? looked.efo;
  const served = toFrame("prioritizedTarget", pri.rows as Record<string, unknown>[]);
  // The selection is top-N by association score (sortBy only re-orders it), so the extra one is the lowest.
  const targets = served.height > topN
    ? served.sort(["association_score", "target_id"], [true, false]).head(topN)
    : served;
  const ids = targets.getColumn("target_id").toArray() as string[];
  const [landscapes, assoc] = await Promise.all([
    Promise.all(ids.map((target) => client.biology.targetLandscape({ target }))),
    efo === undefined
      ? Promise.resolve(undefined)
      : client.biology.associations({ entity: efo, minScore: 0, limit: 100 }),
  ]);
  const drugFrames = landscapes.map((r, i) =>
    toFrame("targetDrug", r.rows as Record<string, unknown>[]).withColumns(pl.lit(ids[i]).alias("target_id"))
  );
  const drugs = drugFrames.length
    ? pl.concat(drugFrames, { how: "vertical" }).select("target_id", ...drugFrames[0].columns.slice(0, -1))
    : toFrame("targetDrug", []).withColumns(pl.lit(null).cast(pl.Utf8).alias("target_id"));
  const associations = toFrame("association", (assoc?.rows ?? []) as Record<string, unknown>[]);
  // Terms whose fields the service did not send drop out of the composite, and say so.
  const unavailable: ("evidence" | "tractability")[] = [];
  const notes: AnalysisWarning[] = [];
  const assocRows = (assoc?.rows ?? []) as Record<string, unknown>[];
  if (
    assoc === undefined ||
    (assocRows.length > 0 && !assocRows.some((a) => "evidence_count" in a && "target_id" in a))
  ) {
    unavailable.push("evidence");
    notes.push({
      code: "term-unavailable",
      message: assoc === undefined
        ? `No disease id for '${params.disease}' to ask associations for (disease autocomplete has no exact ` +
          "match): evidence_count is null and the evidence term is left out of the composite" +
          (params.disease && looked.rows
            ? closestHint(await closestNames(diseaseLookup(client), params.disease, looked.rows))
            : "")
        : "The associations carry no target_id/evidence_count (fields the spec does not name): evidence_count is " +
          "null and the evidence term is left out of the composite",
    });
  }
  const drugRows = landscapes.flatMap((r) => r.rows as Record<string, unknown>[]);
  if (drugRows.length > 0 && !drugRows.some((d) => "max_phase" in d)) {
    unavailable.push("tractability");
    notes.push({
      code: "term-unavailable",
      message:
        "The target-landscape drugs carry no max_phase, chembl_id or is_approved (fields the spec does " +
        "not name): drug_count, approved_count, max_phase and tractability are null and the tractability term " +
        "is left out of the composite; white space uses the service's approved_drugs count",
    });
  }
  const ranked = targetPrioritizationFromFrames(targets, drugs, associations, { ...params, unavailable });
  const final = unavailable.includes("tractability")
    ? ranked.withColumns(
      ...["drug_count", "approved_count", "max_phase", "safety_warnings", "tractability"].map((c) =>
        pl.lit(null).cast(ranked.getColumn(c).dtype).alias(c)
      ),
    )
    : ranked;
  const more = served.height > topN;
  // Settled unless topN is already 200 and 200 came back: then nothing can tell.
  const complete = !more && !(ask === topN && body.data.total_targets >= topN);
  const warnings: AnalysisWarning[] = more
    ? [{
      code: "capped",
      message: `More than topN (${topN}) targets exist for ${
        params.efo_id ?? `'${params.disease}'`
      }; raise topN (max 200) to see them`,
      pitfall: 27,
    }]
    : complete
    ? []
    : [{
      code: "capped",
      message: `total_targets = topN = 200 (the limit): the list may be incomplete`,
      pitfall: 27,
    }];
  if (assoc !== undefined && assoc.rows.length >= 100 && ids.length > 0) {
    warnings.push({
      code: "capped",
      message: "Associations capped at 100: some targets lack evidence_count",
    });
  }
  // The extra target was asked for to settle completeness: the client's own cap notice is settled here.
  const priMeta = { ...pri.meta, warnings: pri.meta.warnings.filter((w) => w.code !== "capped") };
  return analysisResult(
    withKeys({ targets: final, drugs }, { targets: TARGETS_KEY, drugs: DRUGS_KEY }),
    [priMeta, ...(assoc ? [assoc.meta] : []), ...landscapes.map((r) => r.meta)],
    [...warnings, ...notes],
    complete,
    {
      composite: compositeDefinition(params.weights) +
        (unavailable.length ? ` (without ${unavailable.join(" and ")}: no data from the service)` : ""),
      white_space: `association_score ≥ ${
        params.whiteSpaceMinScore ?? 0.5
      } and no approved drug on the target`,
    },
  );
}
