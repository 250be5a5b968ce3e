/**
 * Analysis 11: likelihood of approval — phase-transition success rates from trial histories.
 *
 * A programme is one drug in one disease (the disease as you name it, with its subtypes, as the
 * composite search resolves it). Its trials (composite search by drug and disease: one call per drug and
 * disease, never one per trial) give the phases it reached and when; its approvals (approvals search by
 * ingredient: one call per drug; the regulatory landscape by indication: one call per disease) are assigned to it by the documented matcher (`_loa_core.ts`). Each
 * phase's outcome is advanced, failed or censored by the rules of {@link loaDefinitions}; the counts give
 * phase-by-phase success rates with 95 % Wilson intervals, the likelihood of approval (LOA) from each
 * phase both phase-by-phase (product of the rates) and path-by-path (programmes reaching approval ÷
 * programmes judged), and median years between phases — overall and by area, sponsor class, modality
 * and start-year cohort. docs/LIKELIHOOD_OF_APPROVAL.md compares the method with the published anchors.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Client } from "../client/mod.ts";
import { type AnalysisResult, analysisResult, withKeys } from "../frames/mod.ts";
import type { DataFrame } from "../frames/polars.ts";
import { framed } from "./_measures.ts";
import {
  diseasePairs,
  distinctDrugs,
  drugKey,
  judgedWarnings,
  LOA_APPROVAL_SCHEMA,
  LOA_TRIAL_SCHEMA,
  loaDefinitions,
  loaRules,
  pullProgrammes,
} from "./_loa_fetch.ts";
import {
  assignApprovals,
  buildProgramme,
  landscapeDrugs,
  type Level,
  LEVEL_CODE,
  listsDrug,
  type LoaApproval,
  type LoaTrial,
  median,
  pathCounts,
  type Programme,
  transitionCounts,
  wilson,
} from "./_loa_core.ts";
import { checkParams } from "./params.ts";

/** Output frames of {@link phaseTransitions}. */
export interface PhaseTransitionsFrames {
  /**
   * One row per programme (drug × disease): `drug, disease, area, sponsor_class, modality, cohort,
   * first_start, phase1_start, phase2_start, phase3_start, approval_date, approval_ids, approval_match,
   * entry_phase, highest_phase, last_status, trials, skipped, outcome, outcome_reason`.
   */
  readonly programmes: DataFrame;
  /**
   * Phase-by-phase counts per group: `dimension` (all, area, sponsor_class, modality, cohort), `group`,
   * `counting` (always `phase-by-phase`), `from_phase, to_phase, entered, advanced, failed, censored,
   * rate, rate_low, rate_high` (95 % Wilson), `median_years, durations` (programmes with both dates).
   */
  readonly transitions: DataFrame;
  /**
   * Likelihood of approval from each phase per group, counted both ways (`counting`: `phase-by-phase`
   * = product of the transition rates, interval the product of their bounds; `path-by-path` = approved ÷
   * judged programmes that reached the phase, Wilson interval): `dimension, group, from_phase, counting,
   * programmes, approved, loa, loa_low, loa_high, median_years_to_approval`.
   */
  readonly loa: DataFrame;
  /** Per drug: `drug, trials, programmes, approvals` — a drug with no trials did not resolve or has none. */
  readonly drugs: DataFrame;
}

/** Result of {@link phaseTransitions}. */
export type PhaseTransitions = AnalysisResult<PhaseTransitionsFrames>;

/** Options of the pure core. */
export interface PhaseTransitionsOptions {
  /** Years at a phase with no later phase after which the programme has failed. @default {5} */
  readonly failAfterYears?: number;
  /** The day judged from (`YYYY-MM-DD`). @default today (UTC) */
  readonly asOf?: string;
  /** First start year counted. @default asOf year − 24 (25 calendar years with asOf's own) */
  readonly fromYear?: number;
  /** Last start year counted. @default asOf year */
  readonly toYear?: number;
  /** Years per start-year cohort. @default {5} */
  readonly cohortYears?: number;
  /** Other names of each disease (the service's resolved name), for the approval matcher. */
  readonly diseaseNames?: Readonly<Record<string, readonly string[]>>;
  /**
   * Approved drugs of each disease with its subtypes (the regulatory landscape by indication): `disease,
   * drug` (generic names); a programme of a listed drug is approved.
   */
  readonly landscape?: DataFrame;
}

const S = pl.Utf8;
const PROGRAMME_SCHEMA = {
  drug: S,
  disease: S,
  area: S,
  sponsor_class: S,
  modality: S,
  cohort: pl.Int64,
  first_start: S,
  phase1_start: S,
  phase2_start: S,
  phase3_start: S,
  approval_date: S,
  approval_ids: pl.List(S),
  approval_match: S,
  entry_phase: S,
  highest_phase: S,
  last_status: S,
  trials: pl.Int64,
  skipped: pl.List(S),
  outcome: S,
  outcome_reason: S,
};
const TRANSITION_SCHEMA = {
  dimension: S,
  group: S,
  counting: S,
  from_phase: S,
  to_phase: S,
  entered: pl.Int64,
  advanced: pl.Int64,
  failed: pl.Int64,
  censored: pl.Int64,
  rate: pl.Float64,
  rate_low: pl.Float64,
  rate_high: pl.Float64,
  median_years: pl.Float64,
  durations: pl.Int64,
};
const LOA_SCHEMA = {
  dimension: S,
  group: S,
  from_phase: S,
  counting: S,
  programmes: pl.Int64,
  approved: pl.Int64,
  loa: pl.Float64,
  loa_low: pl.Float64,
  loa_high: pl.Float64,
  median_years_to_approval: pl.Float64,
};

/** The dimensions results are grouped by, in order. */
export const LOA_DIMENSIONS = ["all", "area", "sponsor_class", "modality", "cohort"] as const;

/**
 * Pure core: programmes, transitions and LOA from trial rows and approval rows.
 *
 * @param trials `drug, disease, area, trial_id, phase, status, start_date, lead_sponsor` (one row per
 *   trial of a drug in a disease).
 * @param approvals `drug, approval_id, approval_date, indications` (the drug's approval records).
 * @param options Rules and disease names.
 * @returns The frames.
 * @example A terminated Phase 3 and an approved programme
 * ```ts
 * import assert from "node:assert/strict";
 * import pl from "nodejs-polars";
 * import { phaseTransitionsFromFrames } from "./phase_transitions.ts";
 * const trials = pl.DataFrame({
 *   drug: ["a", "a", "b", "b"], disease: ["d", "d", "d", "d"], area: ["x", "x", "x", "x"],
 *   trial_id: ["T1", "T2", "T3", "T4"], phase: ["PHASE2", "PHASE3", "PHASE2", "PHASE3"],
 *   status: ["COMPLETED", "COMPLETED", "COMPLETED", "TERMINATED"],
 *   start_date: ["2010-01-01", "2012-01-01", "2010-01-01", "2012-01-01"], lead_sponsor: ["P", "P", "Q", "Q"],
 * });
 * const approvals = pl.DataFrame({
 *   drug: ["a"], approval_id: ["FDA_ORANGE:1"], approval_date: ["2015-01-01"], indications: [["d"]],
 * });
 * const out = phaseTransitionsFromFrames(trials, approvals, { asOf: "2026-01-01" });
 * const iii = out.transitions.filter(pl.col("dimension").eq(pl.lit("all")).and(pl.col("from_phase").eq(pl.lit("phase3"))));
 * assert.equal(iii.getColumn("rate").get(0), 0.5);
 * ```
 */
export function phaseTransitionsFromFrames(
  trials: DataFrame,
  approvals: DataFrame,
  options: PhaseTransitionsOptions = {},
): PhaseTransitionsFrames {
  const rules = loaRules(options);
  const byProgramme = new Map<string, { drug: string; disease: string; area: string; trials: LoaTrial[] }>();
  // A drug is one drug whatever its case, spacing or salt form (the shared name rule): its first spelling
  // names it.
  const spelling = new Map<string, string>();
  const drugOf = (name: unknown) => {
    const k = drugKey(String(name));
    if (!spelling.has(k)) spelling.set(k, String(name));
    return k;
  };
  for (const r of trials.toRecords()) {
    const k = `${drugOf(r.drug)}\u0000${r.disease}`;
    const p = byProgramme.get(k) ??
      {
        drug: spelling.get(drugOf(r.drug))!,
        disease: String(r.disease),
        area: String(r.area ?? r.disease),
        trials: [],
      };
    if (!p.trials.some((t) => t.trial_id === r.trial_id)) {
      p.trials.push({
        trial_id: String(r.trial_id),
        phase: r.phase === null || r.phase === undefined ? null : String(r.phase),
        status: String(r.status ?? ""),
        start_date: r.start_date ? String(r.start_date).slice(0, 10) : null,
        lead_sponsor: r.lead_sponsor ? String(r.lead_sponsor) : null,
      });
    }
    byProgramme.set(k, p);
  }
  const approvalsOf = new Map<string, LoaApproval[]>();
  for (const r of approvals.toRecords()) {
    const list = approvalsOf.get(drugOf(r.drug)) ?? [];
    if (!list.some((a) => a.approval_id === r.approval_id)) {
      list.push({
        approval_id: String(r.approval_id),
        approval_date: r.approval_date ? String(r.approval_date).slice(0, 10) : null,
        indications: ((r.indications ?? []) as unknown[]).map(String),
      });
    }
    approvalsOf.set(drugOf(r.drug), list);
  }
  const listed = landscapeDrugs(options.landscape);
  const programmes: Programme[] = [];
  const byDrug = new Map<string, typeof byProgramme extends Map<string, infer V> ? V[] : never>();
  for (const p of byProgramme.values()) {
    const k = drugKey(p.drug);
    byDrug.set(k, [...(byDrug.get(k) ?? []), p]);
  }
  for (const [key, list] of byDrug) {
    const drug = spelling.get(key)!;
    const assigned = assignApprovals(
      list.map((p) => ({
        disease: p.disease,
        names: [p.disease, ...(options.diseaseNames?.[p.disease] ?? [])],
        reachedIII: p.trials.some((t) => /3/.test(t.phase ?? "")),
        landscape: listsDrug(listed, p.disease, drug),
      })),
      approvalsOf.get(key) ?? [],
    );
    for (const p of list) {
      programmes.push(buildProgramme(p, p.trials, assigned.get(p.disease)!, rules));
    }
  }
  programmes.sort((a, b) => a.drug.localeCompare(b.drug) || a.disease.localeCompare(b.disease));
  const groupsOf = (p: Programme): [string, string | null][] => [
    ["all", "all"],
    ["area", p.area],
    ["sponsor_class", p.sponsor_class],
    ["modality", p.modality],
    ["cohort", p.cohort === null ? null : `${p.cohort}-${p.cohort + rules.cohortYears - 1}`],
  ];
  const grouped = new Map<string, { dimension: string; group: string; ps: Programme[] }>();
  for (const p of programmes) {
    for (const [dimension, group] of groupsOf(p)) {
      if (group === null) continue;
      const k = `${dimension}\u0000${group}`;
      const g = grouped.get(k) ?? { dimension, group, ps: [] };
      g.ps.push(p);
      grouped.set(k, g);
    }
  }
  const order = (d: string) => LOA_DIMENSIONS.indexOf(d as typeof LOA_DIMENSIONS[number]);
  const groups = [...grouped.values()].sort((a, b) =>
    order(a.dimension) - order(b.dimension) || a.group.localeCompare(b.group)
  );
  const transitionRows: Record<string, unknown>[] = [];
  const loaRows: Record<string, unknown>[] = [];
  for (const g of groups) {
    const counts = transitionCounts(g.ps);
    const rates = counts.map((c) => ({ c, w: wilson(c.advanced, c.advanced + c.failed) }));
    for (const { c, w } of rates) {
      transitionRows.push({
        dimension: g.dimension,
        group: g.group,
        counting: "phase-by-phase",
        from_phase: LEVEL_CODE[c.from],
        to_phase: LEVEL_CODE[(c.from + 1) as Level],
        entered: c.entered,
        advanced: c.advanced,
        failed: c.failed,
        censored: c.censored,
        rate: w.rate,
        rate_low: w.low,
        rate_high: w.high,
        median_years: median(c.years),
        durations: c.years.length,
      });
    }
    for (const from of [1, 2, 3] as Level[]) {
      const rest = rates.slice(from - 1);
      const prod = (k: "rate" | "low" | "high") =>
        rest.every(({ w }) => w[k] !== null)
          ? Math.round(rest.reduce((a, { w }) => a * w[k]!, 1) * 1e6) / 1e6
          : null;
      const medians = rest.map(({ c }) => median(c.years));
      const judged = rest[0].c.advanced + rest[0].c.failed;
      loaRows.push({
        dimension: g.dimension,
        group: g.group,
        from_phase: LEVEL_CODE[from],
        counting: "phase-by-phase",
        programmes: judged,
        approved: null,
        loa: prod("rate"),
        loa_low: prod("low"),
        loa_high: prod("high"),
        median_years_to_approval: medians.every((m) => m !== null)
          ? Math.round(medians.reduce((a, m) => a + m!, 0) * 100) / 100
          : null,
      });
      const path = pathCounts(g.ps, from);
      const w = wilson(path.approved, path.judged);
      loaRows.push({
        dimension: g.dimension,
        group: g.group,
        from_phase: LEVEL_CODE[from],
        counting: "path-by-path",
        programmes: path.judged,
        approved: path.approved,
        loa: w.rate,
        loa_low: w.low,
        loa_high: w.high,
        median_years_to_approval: median(path.years),
      });
    }
  }
  const drugRows = [...new Set([...byDrug.keys(), ...approvalsOf.keys()])].sort().map((key) => ({
    drug: spelling.get(key)!,
    trials: (byDrug.get(key) ?? []).reduce((a, p) => a + p.trials.length, 0),
    programmes: (byDrug.get(key) ?? []).length,
    approvals: (approvalsOf.get(key) ?? []).length,
  }));
  return withKeys({
    programmes: framed(programmes as unknown as Record<string, unknown>[], PROGRAMME_SCHEMA),
    transitions: framed(transitionRows, TRANSITION_SCHEMA),
    loa: framed(loaRows, LOA_SCHEMA),
    drugs: framed(drugRows, { drug: S, trials: pl.Int64, programmes: pl.Int64, approvals: pl.Int64 }),
  }, {
    programmes: ["drug", "disease"],
    transitions: ["dimension", "group", "from_phase"],
    loa: ["dimension", "group", "from_phase", "counting"],
    drugs: ["drug"],
  });
}

/** Parameters of {@link phaseTransitions}. */
export interface PhaseTransitionsParams {
  /** Drugs by generic name, 1-500 (approvals are searched by ingredient): each is a programme in every disease where it has trials. */
  readonly drugs: readonly string[];
  /** Diseases (names or CURIEs); each is its own group. Give this or `areas`. */
  readonly diseases?: readonly string[];
  /** Areas, each a list of diseases: `{ oncology: ["melanoma", "glioblastoma"] }`. */
  readonly areas?: Readonly<Record<string, readonly string[]>>;
  /** Years at a phase with no later phase after which a programme has failed (1-15). @default {5} */
  readonly failAfterYears?: number;
  /** First start year counted. @default asOf year − 24 (25 calendar years with asOf's own) */
  readonly fromYear?: number;
  /** Last start year counted. @default asOf year */
  readonly toYear?: number;
  /** Years per start-year cohort (1-20). @default {5} */
  readonly cohortYears?: number;
  /** The day judged from, `YYYY-MM-DD`. @default today (UTC) */
  readonly asOf?: string;
}

/**
 * Likelihood of approval fetched with the client: programmes of the drugs in the diseases (one composite
 * search per drug and disease, one approvals search per drug with trials), then the pure core.
 *
 * @param client A client from `createClient`.
 * @param params Drugs, diseases or areas, and the judging rules.
 * @returns The frames, with the definitions and what the data could not show among the warnings.
 * @example Two drugs in lung cancer on the sandbox
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { phaseTransitions } from "./phase_transitions.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
 * const loa = await phaseTransitions(ri, { drugs: ["osimertinib", "pembrolizumab"], diseases: ["lung cancer"] });
 * assert.ok(loa.definitions?.programme);
 * ```
 */
export async function phaseTransitions(
  client: Client,
  params: PhaseTransitionsParams,
): Promise<PhaseTransitions> {
  checkParams("phaseTransitions", params);
  const pairs = diseasePairs(params);
  const pull = await pullProgrammes(client, distinctDrugs(params.drugs), pairs);
  const frames = phaseTransitionsFromFrames(
    framed(pull.trials, LOA_TRIAL_SCHEMA),
    framed(pull.approvals, LOA_APPROVAL_SCHEMA),
    {
      ...params,
      diseaseNames: pull.diseaseNames,
      landscape: framed(pull.landscape, { disease: S, drug: S }),
    },
  );
  const warnings = [...pull.warnings, ...judgedWarnings(frames)];
  return analysisResult(frames, pull.provenance, warnings, pull.complete, loaDefinitions(loaRules(params)));
}
