/**
 * Analysis 12: the risk-adjusted pipeline — each sponsor's active programmes with their current phase,
 * the probability of reaching approval (the likelihood of approval of their phase and area, from
 * {@link phaseTransitions}' counting), the service's trial-pos score beside it where the tier allows
 * (never mixed into it), the year each would be approved by the median durations, and the expected
 * approvals per year and per sponsor with an interval.
 *
 * Requests: one composite search per sponsor and disease (every page), one trial-details call per active
 * trial (its interventions name the drug; at most `maxDetails`), then the programmes of those drugs (and of
 * any `benchmarkDrugs`) as {@link phaseTransitions} pulls them, and one trial-pos call per active programme
 * when the key's tier includes it.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Client } from "../client/mod.ts";
import type { Provenance } from "../client/result.ts";
import { ACTIVE_TRIAL_STATUSES } from "../client/schemas/vocab.ts";
import { type AnalysisResult, analysisResult, type AnalysisWarning, withKeys } from "../frames/mod.ts";
import type { DataFrame } from "../frames/polars.ts";
import { framed, statusOf } from "./_measures.ts";
import { LEVEL_CODE, levelsOf } from "./_loa_core.ts";
import {
  diseasePairs,
  judgedWarnings,
  LOA_APPROVAL_SCHEMA,
  LOA_TRIAL_SCHEMA,
  loaDefinitions,
  loaRules,
  pullProgrammes,
} from "./_loa_fetch.ts";
import { type PhaseTransitionsFrames, phaseTransitionsFromFrames } from "./phase_transitions.ts";
import { checkParams } from "./params.ts";

/** Output frames of {@link pipelineOutlook}. */
export interface PipelineOutlookFrames {
  /**
   * One row per sponsor's active programme: `sponsor, drug, disease, area, current_phase, phase_start,
   * trial_id` (the sponsor's latest active trial at that phase), `p_approval, p_low, p_high, rate_basis`
   * (the phase-by-phase likelihood of approval of the area, or of all programmes when the area has no
   * judged programmes), `pos_score` (the service's trial-pos score of `trial_id` as a fraction; null when
   * the tier does not include it), `expected_year`.
   */
  readonly programmes: DataFrame;
  /** Expected approvals per sponsor and year: `sponsor, year, programmes, expected_approvals, expected_approvals_pos`. */
  readonly byYear: DataFrame;
  /**
   * Per sponsor: `sponsor, active_programmes, expected_approvals, expected_low, expected_high,
   * pos_programmes, expected_approvals_pos`.
   */
  readonly bySponsor: DataFrame;
  /** The benchmark's likelihood of approval (the `loa` frame of {@link phaseTransitions} on the drugs pulled). */
  readonly rates: DataFrame;
  /** The benchmark's phase-by-phase counts (the `transitions` frame of {@link phaseTransitions}), for the funnel. */
  readonly transitions: DataFrame;
}

/** Result of {@link pipelineOutlook}. */
export type PipelineOutlook = AnalysisResult<PipelineOutlookFrames>;

/** Options of the pure core. */
export interface PipelineOutlookOptions {
  /** The day judged from, `YYYY-MM-DD`. @default today (UTC) */
  readonly asOf?: string;
  /** The trial-pos score per trial: `trial_id, pos_score` (0-100). */
  readonly pos?: DataFrame;
  /** Every sponsor asked, so each has a row even with no active programme. */
  readonly sponsors?: readonly string[];
}

const S = pl.Utf8;
const RUNNING = new Set<string>(ACTIVE_TRIAL_STATUSES);
const YEAR_MS = 365.25 * 86_400_000;
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

/**
 * Pure core: the sponsors' active programmes scored by the benchmark.
 *
 * @param sponsorTrials `sponsor, trial_id, drug, disease, area, phase, status, start_date` — the sponsors'
 *   trials with the drug each tests (one row per trial and drug).
 * @param benchmark The frames of {@link phaseTransitionsFromFrames} over the same drugs and diseases.
 * @param options The day judged from, pos scores, the sponsors asked.
 * @returns The frames.
 */
export function pipelineOutlookFromFrames(
  sponsorTrials: DataFrame,
  benchmark: PhaseTransitionsFrames,
  options: PipelineOutlookOptions = {},
): PipelineOutlookFrames {
  const asOf = options.asOf ?? new Date().toISOString().slice(0, 10);
  const pos = new Map<string, number>();
  for (const r of options.pos?.toRecords() ?? []) {
    if (r.pos_score !== null && r.pos_score !== undefined) {
      pos.set(String(r.trial_id), Number(r.pos_score) / 100);
    }
  }
  const programmes = new Map<string, Record<string, unknown>>();
  for (const r of benchmark.programmes.toRecords()) programmes.set(`${r.drug}\u0000${r.disease}`, r);
  const loa = new Map<string, Record<string, unknown>>();
  for (const r of benchmark.loa.filter(pl.col("counting").eq(pl.lit("phase-by-phase"))).toRecords()) {
    loa.set(`${r.dimension}\u0000${r.group}\u0000${r.from_phase}`, r);
  }
  const rateOf = (area: string, phase: string) => {
    const a = loa.get(`area\u0000${area}\u0000${phase}`);
    if (a && a.loa !== null) return { r: a, basis: `area: ${area}` };
    const all = loa.get(`all\u0000all\u0000${phase}`);
    return { r: all && all.loa !== null ? all : undefined, basis: "all programmes" };
  };
  // The sponsor's active trials per programme.
  const active = new Map<string, Record<string, unknown>[]>();
  for (const t of sponsorTrials.toRecords()) {
    if (!RUNNING.has(String(t.status)) || !t.drug) continue;
    const k = `${t.sponsor}\u0000${t.drug}\u0000${t.disease}`;
    active.set(k, [...(active.get(k) ?? []), t]);
  }
  const rows: Record<string, unknown>[] = [];
  for (const [k, ts] of active) {
    const [sponsor, drug, disease] = k.split("\u0000");
    const p = programmes.get(`${drug}\u0000${disease}`);
    if (!p || String(p.outcome).startsWith("approved")) continue; // approved in the disease already: not pipeline
    const levels = ts.flatMap((t) => levelsOf(t.phase as string | null));
    if (!levels.length) continue;
    const top = Math.max(...levels) as 1 | 2 | 3;
    const phase = LEVEL_CODE[top];
    const atTop = ts.filter((t) => levelsOf(t.phase as string | null).includes(top))
      .sort((a, b) => String(b.start_date ?? "") < String(a.start_date ?? "") ? -1 : 1);
    const lead = atTop[0];
    const phaseStart = (p[`${phase}_start`] as string | null) ?? (lead.start_date as string | null);
    const { r, basis } = rateOf(String(p.area), phase);
    const years = r ? (r.median_years_to_approval as number | null) : null;
    const at = phaseStart && years !== null ? Date.parse(phaseStart) + years * YEAR_MS : null;
    const expected = at === null ? null : new Date(Math.max(at, Date.parse(asOf))).getUTCFullYear();
    rows.push({
      sponsor,
      drug,
      disease,
      area: p.area,
      current_phase: phase,
      phase_start: phaseStart,
      trial_id: lead.trial_id,
      p_approval: r?.loa ?? null,
      p_low: r?.loa_low ?? null,
      p_high: r?.loa_high ?? null,
      rate_basis: r ? basis : null,
      pos_score: pos.get(String(lead.trial_id)) ?? null,
      expected_year: expected,
    });
  }
  rows.sort((a, b) =>
    String(a.sponsor).localeCompare(String(b.sponsor)) || String(a.drug).localeCompare(String(b.drug)) ||
    String(a.disease).localeCompare(String(b.disease))
  );
  const years = new Map<
    string,
    { sponsor: string; year: number; n: number; e: number; pos: number; pn: number }
  >();
  for (const r of rows) {
    if (r.expected_year === null || r.p_approval === null) continue;
    const k = `${r.sponsor}\u0000${r.expected_year}`;
    const y = years.get(k) ??
      { sponsor: String(r.sponsor), year: Number(r.expected_year), n: 0, e: 0, pos: 0, pn: 0 };
    y.n++;
    y.e += Number(r.p_approval);
    if (r.pos_score !== null) (y.pos += Number(r.pos_score)), y.pn++;
    years.set(k, y);
  }
  const byYear = [...years.values()].sort((a, b) => a.sponsor.localeCompare(b.sponsor) || a.year - b.year)
    .map((y) => ({
      sponsor: y.sponsor,
      year: y.year,
      programmes: y.n,
      expected_approvals: round(y.e),
      expected_approvals_pos: y.pn === y.n ? round(y.pos) : null,
    }));
  const sponsors = [...new Set([...(options.sponsors ?? []), ...rows.map((r) => String(r.sponsor))])];
  const bySponsor = sponsors.map((s) => {
    const mine = rows.filter((r) => r.sponsor === s && r.p_approval !== null);
    const sum = (k: string) => mine.reduce((a, r) => a + Number(r[k]), 0);
    const spread = (k: string) =>
      1.959964 * Math.sqrt(mine.reduce((a, r) => a + Number(r[k]) * (1 - Number(r[k])), 0));
    const scored = rows.filter((r) => r.sponsor === s && r.pos_score !== null);
    return {
      sponsor: s,
      active_programmes: rows.filter((r) => r.sponsor === s).length,
      expected_approvals: round(sum("p_approval")),
      expected_low: round(Math.max(0, sum("p_low") - spread("p_low"))),
      expected_high: round(Math.min(mine.length, sum("p_high") + spread("p_high"))),
      pos_programmes: scored.length,
      expected_approvals_pos: scored.length
        ? round(scored.reduce((a, r) => a + Number(r.pos_score), 0))
        : null,
    };
  });
  return withKeys({
    programmes: framed(rows, {
      sponsor: S,
      drug: S,
      disease: S,
      area: S,
      current_phase: S,
      phase_start: S,
      trial_id: S,
      p_approval: pl.Float64,
      p_low: pl.Float64,
      p_high: pl.Float64,
      rate_basis: S,
      pos_score: pl.Float64,
      expected_year: pl.Int64,
    }),
    byYear: framed(byYear, {
      sponsor: S,
      year: pl.Int64,
      programmes: pl.Int64,
      expected_approvals: pl.Float64,
      expected_approvals_pos: pl.Float64,
    }),
    bySponsor: framed(bySponsor, {
      sponsor: S,
      active_programmes: pl.Int64,
      expected_approvals: pl.Float64,
      expected_low: pl.Float64,
      expected_high: pl.Float64,
      pos_programmes: pl.Int64,
      expected_approvals_pos: pl.Float64,
    }),
    rates: benchmark.loa,
    transitions: benchmark.transitions,
  }, {
    programmes: ["sponsor", "drug", "disease"],
    byYear: ["sponsor", "year"],
    bySponsor: ["sponsor"],
    rates: ["dimension", "group", "from_phase", "counting"],
    transitions: ["dimension", "group", "from_phase"],
  }, {
    // Never before the day judged from: a programme past its median duration moves with the clock.
    programmes: ["expected_year"],
  });
}

/** Parameters of {@link pipelineOutlook}. */
export interface PipelineOutlookParams {
  /** Sponsors (1-10). */
  readonly sponsors: readonly string[];
  /** Diseases to look in (names or CURIEs). Give this or `areas`. */
  readonly diseases?: readonly string[];
  /** Areas, each a list of diseases. */
  readonly areas?: Readonly<Record<string, readonly string[]>>;
  /** More drugs whose programmes join the benchmark rates (beyond the sponsors' own). */
  readonly benchmarkDrugs?: readonly string[];
  /** At most this many trial-details calls (active trials whose drug is read). @default {200} */
  readonly maxDetails?: number;
  /** Ask the service's trial-pos score (when the key's tier includes it). @default {true} */
  readonly withPos?: boolean;
  /** Years at a phase with no later phase after which a programme has failed (1-15). @default {5} */
  readonly failAfterYears?: number;
  /** First start year of the benchmark programmes. @default asOf year − 25 */
  readonly fromYear?: number;
  /** Last start year of the benchmark programmes. @default asOf year */
  readonly toYear?: number;
  /** The day judged from, `YYYY-MM-DD`. @default today (UTC) */
  readonly asOf?: string;
}

/** Intervention names that are no drug (placebo, care, procedures). */
const NOT_A_DRUG =
  /placebo|standard of care|best supportive|supportive care|surgery|radiation|radiotherapy|exercise|program|procedure|vehicle|saline|observation|usual care|behavio/i;

/** The definitions of the outlook, beside the benchmark's. */
function outlookDefinitions(asOf: string): Record<string, string> {
  return {
    active_programme: "a drug in a disease with at least one of the sponsor's trials recruiting, active, " +
      "enrolling by invitation or not yet recruiting; the drug is read from the trial's interventions " +
      "(placebo, care and procedures left out); a programme already approved in the disease is not pipeline",
    current_phase: "the highest phase among the sponsor's active trials of the programme",
    p_approval: "the likelihood of approval from the current phase, phase-by-phase, of the programme's " +
      "area in the benchmark (every programme of the drugs pulled), or of all benchmark programmes when " +
      "the area has none judged (rate_basis says which); p_low and p_high are its interval",
    pos_score: "the service's trial-pos score of the programme's lead trial as a fraction: its model's " +
      "probability that this trial succeeds, not that the drug is approved; shown beside p_approval and " +
      "summed apart (expected_approvals_pos), never mixed with it; null when the key's tier lacks trial-pos",
    expected_year: "the year of the current phase's first start plus the median years from that phase to " +
      `approval in the benchmark (the sum of the phases' medians), and never before ${asOf.slice(0, 4)}`,
    expected_approvals: "the sum of p_approval over the sponsor's active programmes (per year: those " +
      "expected that year); expected_low and expected_high add the spread of a sum of independent " +
      "outcomes (1.96 × √Σp(1−p)) to the sums of p_low and p_high, clipped to 0 and the programme count",
  };
}

/**
 * The risk-adjusted pipeline fetched with the client (see the module doc for the requests).
 *
 * @param client A client from `createClient`.
 * @param params Sponsors, diseases or areas, and the judging rules.
 * @returns The frames, with the definitions of the outlook and of the benchmark.
 * @example Two sandbox sponsors in lung cancer
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { pipelineOutlook } from "./pipeline_outlook.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
 * const out = await pipelineOutlook(ri, { sponsors: ["Pfizer"], diseases: ["lung cancer"], maxDetails: 20 });
 * assert.equal(out.bySponsor.height, 1);
 * ```
 */
export async function pipelineOutlook(
  client: Client,
  params: PipelineOutlookParams,
): Promise<PipelineOutlook> {
  checkParams("pipelineOutlook", params);
  const rules = loaRules(params);
  const pairs = diseasePairs(params);
  const provenance: Provenance[] = [];
  const warnings: AnalysisWarning[] = [];
  const calls = params.sponsors.flatMap((sponsor) => pairs.map((p) => ({ sponsor, ...p })));
  const pulls = await Promise.all(
    calls.map((c) => client.trials.composite.all({ sponsor: c.sponsor, disease: c.disease })),
  );
  const trials: Record<string, unknown>[] = [];
  pulls.forEach((r, i) => {
    provenance.push(r.meta);
    for (const t of r.rows as Record<string, unknown>[]) {
      trials.push({
        ...calls[i],
        trial_id: t.id,
        phase: t.phase ?? null,
        status: t.status,
        start_date: t.startDate ?? null,
      });
    }
  });
  const activeIds = [
    ...new Set(trials.filter((t) => RUNNING.has(String(t.status))).map((t) => String(t.trial_id))),
  ].sort();
  const maxDetails = params.maxDetails ?? 200;
  if (activeIds.length > maxDetails) {
    warnings.push({
      code: "details-capped",
      message:
        `${activeIds.length} active trials, drugs read for the first ${maxDetails} (maxDetails): the ` +
        "other trials' programmes are not in the outlook",
    });
  }
  const details = await Promise.all(
    activeIds.slice(0, maxDetails).map((nctId) =>
      client.trials.details({ nctId }).then((r) => r, (e) => ({ error: e }))
    ),
  );
  const drugsOf = new Map<string, string[]>();
  details.forEach((d, i) => {
    if ("error" in d) return;
    provenance.push(d.meta);
    const text = String((d.body as { data?: { interventions?: unknown } }).data?.interventions ?? "");
    const names = text.split(/\s*,\s*/).map((s) => s.trim()).filter((s) => s && !NOT_A_DRUG.test(s));
    drugsOf.set(activeIds[i], names);
  });
  const sponsorTrials = trials.flatMap((t) =>
    (drugsOf.get(String(t.trial_id)) ?? [null]).map((drug) => ({ ...t, drug }))
  );
  const own = [...new Set(sponsorTrials.map((t) => t.drug).filter((d): d is string => !!d))];
  const bench = [...new Set([...own, ...(params.benchmarkDrugs ?? [])])].sort((a, b) => a.localeCompare(b));
  const pull = await pullProgrammes(client, bench, pairs);
  provenance.push(...pull.provenance);
  const benchmark = phaseTransitionsFromFrames(
    framed(pull.trials, LOA_TRIAL_SCHEMA),
    framed(pull.approvals, LOA_APPROVAL_SCHEMA),
    {
      ...params,
      diseaseNames: pull.diseaseNames,
      landscape: framed(pull.landscape, { disease: S, drug: S }),
    },
  );
  warnings.push(
    ...pull.warnings.filter((w) => w.code !== "drugs-without-trials"),
    ...judgedWarnings(benchmark),
  );
  // trial-pos for each active programme's lead trial, when the tier allows.
  let frames = pipelineOutlookFromFrames(
    framed(sponsorTrials, { sponsor: S, ...LOA_TRIAL_SCHEMA }),
    benchmark,
    {
      asOf: rules.asOf,
      sponsors: params.sponsors,
    },
  );
  if (params.withPos !== false && frames.programmes.height) {
    const ids = [...new Set(frames.programmes.getColumn("trial_id").toArray() as string[])];
    const scores: { trial_id: string; pos_score: number }[] = [];
    let refused: string | undefined;
    let failed = 0;
    for (const trialId of ids) {
      try {
        const r = await client.trials.pos({ trialId });
        provenance.push(r.meta);
        scores.push({
          trial_id: trialId,
          pos_score: Number((r.body as { data: { pos_score: number } }).data.pos_score),
        });
      } catch (e) {
        const st = statusOf(e);
        if (st === 402 || st === 403 || st === 429) {
          refused = st === 429 ? "its daily limit is reached" : "the key's tier does not include trial-pos";
          break;
        }
        failed++;
      }
    }
    if (refused) {
      warnings.push({
        code: "pos-unavailable",
        message: `No trial-pos scores: ${refused}; the probabilities shown are the benchmark rates only`,
      });
    }
    if (failed) {
      warnings.push({
        code: "pos-failed",
        message: `The trial-pos score failed for ${failed} trials (the service's model did not answer): ` +
          "their pos_score is empty",
      });
    }
    if (scores.length) {
      frames = pipelineOutlookFromFrames(
        framed(sponsorTrials, { sponsor: S, ...LOA_TRIAL_SCHEMA }),
        benchmark,
        {
          asOf: rules.asOf,
          sponsors: params.sponsors,
          pos: framed(scores, { trial_id: S, pos_score: pl.Float64 }),
        },
      );
    }
  }
  const none = frames.bySponsor.filter(pl.col("active_programmes").eq(0)).getColumn("sponsor").toArray();
  if (none.length) {
    warnings.push({
      code: "no-active-programmes",
      message: `${none.join(", ")}: no active trial of a drug in the diseases asked (the sponsor did not ` +
        "resolve, or has none running there)",
    });
  }
  return analysisResult(frames, provenance, warnings, pull.complete, {
    ...outlookDefinitions(rules.asOf),
    ...loaDefinitions(rules),
  });
}
