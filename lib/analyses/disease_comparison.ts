/**
 * Analysis 6: several disease landscapes side by side: trials, phases, enrollment, grants,
 * approvals, orphan share, Medicare spend and the 0-100 competitiveness index, one row per disease.
 *
 * Names that are not CURIEs are resolved with `diseases.autocomplete` (Pro) by exact name match;
 * a name without an exact match is reported in `unresolved` with the candidates the service offered,
 * never silently dropped or swapped for a near match. Shares are kept as fractions of 1.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { BodyResult, Provenance, RowsResult, Warning } from "../client/result.ts";
import type { DiseaseLandscape, DiseaseRow } from "../client/schemas/_rows.gen.ts";
import { type AnalysisResult, analysisResult, withKeys } from "../frames/mod.ts";
import { asCurie, framed, ratio, statusOf } from "./_measures.ts";
import { closestHint, closestNames, diseaseLookup, sameName } from "./_resolve_entity.ts";
import { checkParams } from "./params.ts";
import type { DataFrame } from "../frames/polars.ts";

/** The slice of the client this analysis calls. */
export interface DiseaseComparisonClient {
  /** Disease endpoints (Pro). */
  readonly diseases: {
    /** `GET /diseases/autocomplete`. */
    autocomplete(params: { q: string }): Promise<RowsResult<DiseaseRow>>;
    /** `POST /analysis/disease-landscape`. */
    landscape(params: { efo_id: string }): Promise<BodyResult<{ data: DiseaseLandscape }>>;
  };
}

/** Options of {@link diseaseComparison}. */
export interface DiseaseComparisonOptions {
  /** Disease names or CURIEs (`EFO:0000311`, `EFO_0000311`, `MONDO:0005148`). */
  readonly diseases: readonly string[];
}

/** One input disease after resolution, with its landscape report when there is one. */
export interface DiseaseEntry {
  /** The input as given. */
  readonly input: string;
  /** The CURIE it resolved to, or null. */
  readonly efo_id: string | null;
  /** Why there is no report (`no exact autocomplete match`, `disease not found`), or null. */
  readonly reason: string | null;
  /** Autocomplete suggestions (`name (efo_id)`) when the name did not match exactly. */
  readonly candidates: readonly string[];
  /** The landscape report, or null when unresolved. */
  readonly report: DiseaseLandscape | null;
}

/** Output frames of the disease comparison. */
export type DiseaseComparisonFrames = {
  /**
   * One row per input: `input`, `efo_id`, `disease`, `resolved` bool, `total_trials`,
   * `median_enrollment`, `trials_started`, `trials_completed`, `trials_terminated`, `total_grants` i64,
   * `total_funding_usd` f64, `total_approvals` i64, `orphan_share_fraction` f64, `last_approval_date`
   * date, `medicare_spending_usd` f64, `branded_share_fraction` f64, `competitiveness_index` i64,
   * `top_sponsors`, `top_institutions`, `top_brand_drugs` list[str]. Unresolved inputs have null figures.
   */
  readonly summary: DataFrame;
  /** Long form: `efo_id`, `disease`, `phase` str, `trials` i64, `phase_share_fraction` f64. */
  readonly byPhase: DataFrame;
  /** Inputs without a report: `input`, `reason` str, `candidates` list[str]. */
  readonly unresolved: DataFrame;
};

/** Result of {@link diseaseComparison}. */
export type DiseaseComparison = AnalysisResult<DiseaseComparisonFrames>;

const SUMMARY = {
  input: pl.Utf8,
  efo_id: pl.Utf8,
  disease: pl.Utf8,
  resolved: pl.Bool,
  total_trials: pl.Int64,
  median_enrollment: pl.Int64,
  trials_started: pl.Int64,
  trials_completed: pl.Int64,
  trials_terminated: pl.Int64,
  total_grants: pl.Int64,
  total_funding_usd: pl.Float64,
  total_approvals: pl.Int64,
  orphan_share_fraction: pl.Float64,
  last_approval_date: pl.Utf8,
  medicare_spending_usd: pl.Float64,
  branded_share_fraction: pl.Float64,
  competitiveness_index: pl.Int64,
  top_sponsors: pl.List(pl.Utf8),
  top_institutions: pl.List(pl.Utf8),
  top_brand_drugs: pl.List(pl.Utf8),
};

/**
 * Pure core: the comparison frames from resolved entries and their landscape reports.
 *
 * @example One resolved disease and one unresolved name
 * ```ts
 * import assert from "node:assert/strict";
 * import { diseaseComparisonFromReports } from "./disease_comparison.ts";
 * const report = {
 *   disease: "asthma", trials: { totalTrials: 4, byPhase: { PHASE2: 3, PHASE3: 1 }, medianEnrollment: 120,
 *     activeSponsors: ["Acme"], recentStatusChanges: { started: 1, completed: 2, terminated: 0 } },
 *   grants: { totalGrants: 2, totalFundingUsd: 5e5, topInstitutions: [] },
 *   regulatory: { totalApprovals: 1, orphanShare: 0, lastApprovalDate: "2024-03-01" },
 *   medicare: { totalSpendingUsd: 1e6, topBrandDrugs: ["Brandix"], brandedShare: 0.9 },
 *   competitivenessIndex: 40,
 * };
 * const out = diseaseComparisonFromReports([
 *   { input: "asthma", efo_id: "EFO:0000270", reason: null, candidates: [], report },
 *   { input: "asthmaa", efo_id: null, reason: "no exact autocomplete match", candidates: [], report: null },
 * ]);
 * assert.equal(out.summary.height, 2);
 * assert.deepEqual(out.byPhase.getColumn("phase_share_fraction").toArray(), [0.75, 0.25]);
 * assert.equal(out.unresolved.getColumn("input").toArray()[0], "asthmaa");
 * ```
 *
 * @param entries One entry per input disease.
 * @returns `summary`, `byPhase` and `unresolved` frames.
 */
export function diseaseComparisonFromReports(entries: readonly DiseaseEntry[]): DiseaseComparisonFrames {
  const summary = framed(
    entries.map(({ input, efo_id, report: r }) => ({
      input,
      efo_id,
      disease: r?.disease ?? null,
      resolved: r !== null,
      total_trials: r?.trials.totalTrials,
      median_enrollment: r?.trials.medianEnrollment,
      trials_started: r?.trials.recentStatusChanges.started,
      trials_completed: r?.trials.recentStatusChanges.completed,
      trials_terminated: r?.trials.recentStatusChanges.terminated,
      total_grants: r?.grants.totalGrants,
      total_funding_usd: r?.grants.totalFundingUsd,
      total_approvals: r?.regulatory.totalApprovals,
      orphan_share_fraction: r?.regulatory.orphanShare,
      last_approval_date: r?.regulatory.lastApprovalDate,
      medicare_spending_usd: r?.medicare.totalSpendingUsd,
      branded_share_fraction: r?.medicare.brandedShare,
      competitiveness_index: r?.competitivenessIndex,
      top_sponsors: r?.trials.activeSponsors,
      top_institutions: r?.grants.topInstitutions,
      top_brand_drugs: r?.medicare.topBrandDrugs,
    })),
    SUMMARY,
  ).withColumns(pl.col("last_approval_date").str.strptime(pl.Date, "%Y-%m-%d"));
  const byPhase = framed(
    entries.flatMap(({ efo_id, report: r }) =>
      r
        ? Object.entries(r.trials.byPhase).map(([phase, trials]) => ({
          efo_id,
          disease: r.disease,
          phase,
          trials,
        }))
        : []
    ),
    { efo_id: pl.Utf8, disease: pl.Utf8, phase: pl.Utf8, trials: pl.Int64 },
  ).withColumns(ratio(pl.col("trials"), pl.col("trials").sum().over("efo_id")).alias("phase_share_fraction"));
  const unresolved = framed(
    entries.filter((e) => e.report === null).map((e) => ({
      input: e.input,
      reason: e.reason ?? "unresolved",
      candidates: [...e.candidates],
    })),
    { input: pl.Utf8, reason: pl.Utf8, candidates: pl.List(pl.Utf8) },
  );
  // The summary has a row per input, resolved or not (an unresolved one has no efo_id).
  return withKeys({ summary, byPhase, unresolved }, {
    summary: ["input"],
    byPhase: ["efo_id", "phase"],
    unresolved: ["input"],
  });
}

/** Resolve one input to a CURIE: CURIE forms directly, names by exact autocomplete match. */
async function resolve(
  client: DiseaseComparisonClient,
  input: string,
  calls: Provenance[],
): Promise<Pick<DiseaseEntry, "efo_id" | "reason" | "candidates">> {
  const curie = asCurie(input);
  if (curie) return { efo_id: curie, reason: null, candidates: [] };
  const r = await client.diseases.autocomplete({ q: input.trim() });
  calls.push(r.meta);
  const hit = r.rows.find((d) => sameName(d.name, input));
  if (hit) return { efo_id: hit.efo_id, reason: null, candidates: [] };
  return {
    efo_id: null,
    reason: r.rows.length
      ? "no exact autocomplete match; pick a candidate's efo_id"
      : "no autocomplete match",
    candidates: r.rows.map((d) => `${d.name} (${d.efo_id})`),
  };
}

/**
 * Compare disease landscapes side by side (Pro). Each input is resolved (CURIE forms directly, names
 * by exact autocomplete match), then one landscape report is fetched per resolved disease.
 * Unresolved names and unknown CURIEs (HTTP 404) become `unresolved` rows plus a warning.
 *
 * @example Two diseases in the sandbox, one misspelled
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { diseaseComparison } from "./disease_comparison.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
 * const cmp = await diseaseComparison(ri, { diseases: ["asthma", "asthmaa"] });
 * assert.equal(cmp.summary.height, 2);
 * assert.deepEqual(cmp.unresolved.getColumn("input").toArray(), ["asthmaa"]);
 * ```
 *
 * @param client A client (`createClient`) with a Pro key.
 * @param options The diseases, as names or CURIEs.
 * @returns `summary` (one row per input), `byPhase` and `unresolved`, with provenance and warnings.
 */
export async function diseaseComparison(
  client: DiseaseComparisonClient,
  options: DiseaseComparisonOptions,
): Promise<DiseaseComparison> {
  checkParams("diseaseComparison", options); // at least one disease
  const calls: Provenance[] = [];
  const entries = await Promise.all(options.diseases.map(async (input): Promise<DiseaseEntry> => {
    const res = await resolve(client, input, calls);
    if (res.efo_id === null) return { input, ...res, report: null };
    try {
      const r = await client.diseases.landscape({ efo_id: res.efo_id });
      calls.push(r.meta);
      return { input, ...res, report: r.body.data };
    } catch (e) {
      if (statusOf(e) !== 404) throw e;
      return { input, ...res, reason: "disease not found (HTTP 404)", report: null };
    }
  }));
  // The service's candidates; else, for a name autocomplete found nothing for, the closest names by
  // prefix (an unknown CURIE, or a resolved name whose report is 404, gets no suggestion).
  const hint = async (e: DiseaseEntry): Promise<string> =>
    e.candidates.length
      ? ` (candidates: ${e.candidates.join(", ")})`
      : e.efo_id === null
      ? closestHint(await closestNames(diseaseLookup(client), e.input, []))
      : "";
  const warnings: Warning[] = await Promise.all(
    entries.filter((e) => e.report === null).map(async (e) => ({
      code: "unresolved-disease",
      message: `Disease '${e.input}' was not compared: ${e.reason}${await hint(e)}`,
    })),
  );
  return analysisResult(diseaseComparisonFromReports(entries), calls, warnings);
}
