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
import { drugKeys } from "../client/names.ts";
import type { Provenance } from "../client/result.ts";
import { type AnalysisResult, analysisResult, type AnalysisWarning, withKeys } from "../frames/mod.ts";
import type { DataFrame } from "../frames/polars.ts";
import { framed } from "./_measures.ts";
import {
  assignApprovals,
  buildProgramme,
  type Level,
  LEVEL_CODE,
  type LoaApproval,
  type LoaTrial,
  median,
  pathCounts,
  type Programme,
  type Rules,
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
  /** First start year counted. @default asOf year − 25 */
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

const today = () => new Date().toISOString().slice(0, 10);

/** The rules of a run, with defaults filled. */
export function loaRules(o: PhaseTransitionsOptions = {}): Rules {
  const asOf = o.asOf ?? today();
  const y = Number(asOf.slice(0, 4));
  return {
    failAfterYears: o.failAfterYears ?? 5,
    asOf,
    fromYear: o.fromYear ?? y - 25,
    toYear: o.toYear ?? y,
    cohortYears: o.cohortYears ?? 5,
  };
}

/** What the figures mean, in the analyst's words (`result.definitions`). */
export function loaDefinitions(r: Rules): Record<string, string> {
  return {
    programme: "one drug developed in one disease: the drug's trials in the disease as you named it, " +
      "with its subtypes (the composite search by drug and disease). A drug in two diseases is two " +
      "programmes. Its phases are those of its trials: a combined Phase 1/2 trial reaches Phase 1 and " +
      "Phase 2 at its start, Phase 2/3 reaches Phase 2 and 3; Phase 4 and not-applicable trials are no " +
      "development phase",
    advancing: "a programme advanced from a phase when it later reached a higher phase or approval. A " +
      "phase passed without a trial of its own (Phase 1 straight to Phase 3) counts as passed, and is " +
      "listed in `skipped`. A programme that first appears at Phase 2 enters the counts from Phase 2 on",
    approval: "an approval record of the drug (any salt or ester form of its name) whose indications " +
      "name the programme's disease, or the drug listed among the disease's approved drugs by the " +
      "service's regulatory landscape (which includes the disease's subtypes; dated by the drug's first " +
      "approval record); a record listing no indications (Orange Book records without a " +
      "linked indication) counts for each of the drug's programmes that reached Phase 3 " +
      "(approval_match 'drug only'). Phase 3 to approval covers submission and review together: the " +
      "service shows no submissions",
    failing: "a programme failed at its highest phase when every trial at that phase was terminated, " +
      `withdrawn or suspended, or when no later phase and no approval came within ${r.failAfterYears} ` +
      "years of the last trial start at that phase (failAfterYears)",
    censored: "a programme not yet judged: a trial at its highest phase is still running (recruiting, " +
      "active, enrolling or not yet recruiting), or its last start at that phase is less than " +
      `${r.failAfterYears} years before ${r.asOf}. Censored programmes are left out of the rates, never ` +
      "counted as failures",
    window: `programmes whose first trial started from ${r.fromYear} to ${r.toYear} (fromYear, toYear); ` +
      "others are listed with outcome 'outside window' and not counted. A programme whose approval is " +
      "dated before its first trial in the data (life-cycle trials of a drug already approved in the " +
      "disease) is listed as 'approved before its trials' and not counted either",
    rate: "phase-by-phase: programmes that advanced ÷ programmes that advanced or failed at the phase; " +
      "the 95 % interval is Wilson's score interval",
    loa: "likelihood of approval from a phase. Phase-by-phase (as BIO/Informa count): the product of the " +
      "rates from that phase on; its interval multiplies the rates' interval bounds (wider than a 95 % " +
      "interval). Path-by-path (as Wong, Siah and Lo count): of the programmes that reached the phase and " +
      "are judged, the share approved, with a Wilson interval",
    median_years: "median years from the first trial start at a phase to the first start at the next " +
      "(or to the approval), over programmes that advanced with both dates; a combined Phase 1/2 trial " +
      "gives no Phase 1 to 2 duration",
    groups: "area: the area you gave the disease (or the disease itself); sponsor_class: industry or " +
      "academic, from the name of the lead sponsor of the programme's first trial (universities, " +
      "hospitals, institutes, foundations, public agencies are academic); modality: from the drug name's " +
      "INN stem (-mab antibody, -tinib small molecule, …), unknown stems left out; cohort: the first " +
      `start year in bins of ${r.cohortYears} years. Groups with an unknown value are left out of that ` +
      "dimension, never merged",
    as_of: `outcomes are judged as of ${r.asOf} (asOf)`,
  };
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

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
  for (const r of trials.toRecords()) {
    const k = `${r.drug}\u0000${r.disease}`;
    const p = byProgramme.get(k) ??
      { drug: String(r.drug), disease: String(r.disease), area: String(r.area ?? r.disease), trials: [] };
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
    const list = approvalsOf.get(String(r.drug)) ?? [];
    if (!list.some((a) => a.approval_id === r.approval_id)) {
      list.push({
        approval_id: String(r.approval_id),
        approval_date: r.approval_date ? String(r.approval_date).slice(0, 10) : null,
        indications: ((r.indications ?? []) as unknown[]).map(String),
      });
    }
    approvalsOf.set(String(r.drug), list);
  }
  const listed = new Set<string>();
  for (const r of options.landscape?.toRecords() ?? []) {
    for (const k of drugKeys(String(r.drug))) listed.add(`${r.disease}\u0000${k}`);
  }
  const programmes: Programme[] = [];
  const byDrug = new Map<string, typeof byProgramme extends Map<string, infer V> ? V[] : never>();
  for (const p of byProgramme.values()) byDrug.set(p.drug, [...(byDrug.get(p.drug) ?? []), p]);
  for (const [drug, list] of byDrug) {
    const assigned = assignApprovals(
      list.map((p) => ({
        disease: p.disease,
        names: [p.disease, ...(options.diseaseNames?.[p.disease] ?? [])],
        reachedIII: p.trials.some((t) => /3/.test(t.phase ?? "")),
        landscape: drugKeys(drug).some((k) => listed.has(`${p.disease}\u0000${k}`)),
      })),
      approvalsOf.get(drug) ?? [],
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
  const drugRows = [...new Set([...byDrug.keys(), ...approvalsOf.keys()])].sort().map((drug) => ({
    drug,
    trials: (byDrug.get(drug) ?? []).reduce((a, p) => a + p.trials.length, 0),
    programmes: (byDrug.get(drug) ?? []).length,
    approvals: (approvalsOf.get(drug) ?? []).length,
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
  /** Drugs (generic or brand names), 1-500: each is a programme in every disease where it has trials. */
  readonly drugs: readonly string[];
  /** Diseases (names or CURIEs); each is its own group. Give this or `areas`. */
  readonly diseases?: readonly string[];
  /** Areas, each a list of diseases: `{ oncology: ["melanoma", "glioblastoma"] }`. */
  readonly areas?: Readonly<Record<string, readonly string[]>>;
  /** Years at a phase with no later phase after which a programme has failed (1-15). @default {5} */
  readonly failAfterYears?: number;
  /** First start year counted. @default asOf year − 25 */
  readonly fromYear?: number;
  /** Last start year counted. @default asOf year */
  readonly toYear?: number;
  /** Years per start-year cohort (1-20). @default {5} */
  readonly cohortYears?: number;
  /** The day judged from, `YYYY-MM-DD`. @default today (UTC) */
  readonly asOf?: string;
}

/** The (disease, area) pairs of the parameters, in order. */
export function diseasePairs(p: Pick<PhaseTransitionsParams, "diseases" | "areas">): {
  disease: string;
  area: string;
}[] {
  const out = (p.diseases ?? []).map((d) => ({ disease: d, area: d }));
  for (const [area, ds] of Object.entries(p.areas ?? {})) for (const d of ds) out.push({ disease: d, area });
  return out;
}

/** What the fetch gives: trial and approval rows, disease names, provenance and warnings. */
export interface LoaPull {
  readonly trials: Record<string, unknown>[];
  readonly approvals: Record<string, unknown>[];
  readonly diseaseNames: Record<string, string[]>;
  /** Approved drugs per disease (regulatory landscape by indication): `disease, drug`. */
  readonly landscape: Record<string, unknown>[];
  readonly provenance: Provenance[];
  readonly warnings: AnalysisWarning[];
  readonly complete: boolean;
}

/** The disease name the composite search resolved to, from its audit trail (a sandbox-chosen field). */
function resolvedName(body: unknown): string | undefined {
  const trail = (body as { data?: { audit_trail?: unknown } })?.data?.audit_trail;
  if (!Array.isArray(trail)) return undefined;
  const step = trail.find((s) => s?.step === "resolve" && s?.parameter === "disease");
  return typeof step?.name === "string" ? step.name : undefined;
}

/**
 * Fetch the trials of every drug in every disease (composite search, every page) and each drug's
 * approvals (approvals search by ingredient), for {@link phaseTransitionsFromFrames}.
 */
export async function pullProgrammes(
  client: Client,
  drugs: readonly string[],
  pairs: readonly { disease: string; area: string }[],
): Promise<LoaPull> {
  const calls = drugs.flatMap((drug) => pairs.map((p) => ({ drug, ...p })));
  const results = await Promise.all(
    calls.map((c) => client.trials.composite.all({ drug: c.drug, disease: c.disease })),
  );
  const trials: Record<string, unknown>[] = [];
  const provenance: Provenance[] = [];
  const diseaseNames: Record<string, string[]> = {};
  let complete = true;
  results.forEach((r, i) => {
    const c = calls[i];
    // A drug not tried in one of the diseases is the common case here, not a sign of an unresolved name:
    // the call's "0 may mean unresolved" notice is summed up once below (drugs or diseases with no trial).
    provenance.push({ ...r.meta, warnings: r.meta.warnings.filter((w) => w.code !== "maybe-unresolved") });
    if (r.total !== null && r.total !== r.rows.length) complete = false;
    const name = resolvedName(r.body);
    if (name && name.toLowerCase() !== c.disease.toLowerCase()) {
      diseaseNames[c.disease] = [...new Set([...(diseaseNames[c.disease] ?? []), name])];
    }
    for (const t of r.rows as Record<string, unknown>[]) {
      const sponsors = Array.isArray(t.sponsors) ? t.sponsors as string[] : [];
      trials.push({
        drug: c.drug,
        disease: c.disease,
        area: c.area,
        trial_id: t.id,
        phase: t.phase ?? null,
        status: t.status,
        start_date: t.startDate ?? null,
        lead_sponsor: sponsors[0] ?? null,
      });
    }
  });
  const withTrials = [...new Set(trials.map((t) => String(t.drug)))];
  const found = await Promise.all(withTrials.map((d) => client.regulatory.search.all({ ingredient: d })));
  const approvals: Record<string, unknown>[] = [];
  found.forEach((r, i) => {
    const drug = withTrials[i];
    provenance.push(r.meta);
    const key = drugKeys(drug)[0];
    for (const a of r.rows as Record<string, unknown>[]) {
      const names = [
        ...((a.drugs ?? []) as { name?: string }[]).map((d) => d.name).filter((n): n is string => !!n),
        ...(typeof a.ingredient === "string" ? [a.ingredient] : []),
      ];
      // The search matches a part of the ingredient ("mab" finds every antibody): keep the drug's own.
      if (names.length && !names.some((n) => drugKeys(n).includes(key))) continue;
      approvals.push({
        drug,
        approval_id: a.approval_id,
        approval_date: a.approval_date ?? null,
        indications: Array.isArray(a.indications) ? a.indications : [],
      });
    }
  });
  const diseases = [...new Set(pairs.map((p) => p.disease))];
  const scapes = await Promise.all(diseases.map((indication) => client.regulatory.landscape({ indication })));
  const landscape: Record<string, unknown>[] = [];
  scapes.forEach((r, i) => {
    provenance.push(r.meta);
    for (const d of r.rows as { generic_name?: string }[]) {
      if (d.generic_name) landscape.push({ disease: diseases[i], drug: d.generic_name });
    }
  });
  const warnings: AnalysisWarning[] = [];
  const none = drugs.filter((d) => !withTrials.includes(d));
  if (none.length) {
    warnings.push({
      code: "drugs-without-trials",
      message:
        `${none.length} of ${drugs.length} drugs have no trials in the diseases asked (${
          none.slice(0, 5).join(", ")
        }${none.length > 5 ? ", …" : ""}): the service did not resolve the name, or the drug was not tried ` +
        "there; they are no programmes",
    });
  }
  const idle = pairs.filter((p) => !trials.some((t) => t.disease === p.disease)).map((p) => p.disease);
  if (idle.length) {
    warnings.push({
      code: "diseases-without-trials",
      message: `No trial of the drugs in ${idle.join(", ")}: the disease did not resolve, or none of ` +
        "the drugs was tried in it",
    });
  }
  return { trials, approvals, diseaseNames, landscape, provenance, warnings, complete };
}

/** The trial rows' schema for the pure core. */
export const LOA_TRIAL_SCHEMA: Record<string, pl.DataType> = {
  drug: S,
  disease: S,
  area: S,
  trial_id: S,
  phase: S,
  status: S,
  start_date: S,
  lead_sponsor: S,
};
/** The approval rows' schema for the pure core. */
export const LOA_APPROVAL_SCHEMA: Record<string, pl.DataType> = {
  drug: S,
  approval_id: S,
  approval_date: S,
  indications: pl.List(S),
};

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
  const pull = await pullProgrammes(client, [...new Set(params.drugs)], pairs);
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

/** Warnings on what the counts can carry: few judged programmes, approvals matched by drug only. */
export function judgedWarnings(frames: PhaseTransitionsFrames): AnalysisWarning[] {
  const out: AnalysisWarning[] = [];
  const all = frames.transitions.filter(pl.col("dimension").eq(pl.lit("all"))).toRecords();
  const thin = all.filter((r) => (num(r.advanced) ?? 0) + (num(r.failed) ?? 0) < 10);
  if (thin.length) {
    out.push({
      code: "few-programmes",
      message: `Fewer than 10 judged programmes for ${
        thin.map((r) => `${r.from_phase} to ${r.to_phase}`).join(", ")
      }: read those rates with their intervals`,
    });
  }
  const classes = frames.programmes.getColumn("sponsor_class");
  if (frames.programmes.height && classes.nullCount() === frames.programmes.height) {
    out.push({
      code: "field-absent",
      message: "The composite search rows carry no sponsors (a field the spec does not name), so every " +
        "programme's sponsor_class is unknown and the sponsor-class groups are left out",
    });
  }
  const byDrug = frames.programmes.filter(pl.col("approval_match").eq(pl.lit("drug only"))).height;
  if (byDrug) {
    out.push({
      code: "approvals-by-drug-only",
      message: `${byDrug} programmes count an approval whose record lists no indication (matched by the ` +
        "drug alone, to each of its programmes that reached Phase 3)",
    });
  }
  return out;
}
