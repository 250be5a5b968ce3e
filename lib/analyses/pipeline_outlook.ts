/**
 * Analysis 12: the risk-adjusted pipeline — each sponsor's active programmes with their current phase,
 * the probability of reaching approval from it by a benchmark that cannot mislead (published industry
 * rates by default, `_loa_benchmarks.ts`; a computed benchmark from a drug list not chosen by outcome
 * only when adequate, else refused and said), the service's trial-pos score beside it where the tier
 * allows (never mixed into it), the year each would be approved, and the expected approvals per year and
 * per sponsor with an interval.
 *
 * Requests: one composite search per sponsor and disease (every page), one regulatory landscape per
 * disease (the approved drugs: life-cycle work is not pipeline), one trial-details call per active Phase
 * 1-3 trial (its interventions name the drug; other trials cannot make a programme; at most
 * `maxDetails`), one trial-pos call per active programme when the key's tier includes it; with
 * `benchmark: "computed"`, the programmes of `benchmarkDrugs` as {@link phaseTransitions} pulls them.
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
import { landscapeDrugs, LEVEL_CODE, levelsOf, listsDrug } from "./_loa_core.ts";
import {
  ADEQUATE,
  DEFAULT_SOURCE,
  judgeComputed,
  PUBLISHED_SOURCES,
  PUBLISHED_YEARS_TO_APPROVAL,
  publishedLoa,
} from "./_loa_benchmarks.ts";
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
import { type PhaseTransitionsFrames, phaseTransitionsFromFrames } from "./phase_transitions.ts";
import { checkParams } from "./params.ts";

/** Output frames of {@link pipelineOutlook}. */
export interface PipelineOutlookFrames {
  /**
   * One row per sponsor's active programme: `sponsor, drug, disease, area, current_phase, phase_start,
   * trial_id` (the sponsor's latest active trial at that phase), `p_approval, p_low, p_high, rate_basis`
   * (the benchmark's likelihood of approval from the current phase and which benchmark gave it),
   * `pos_score` (the service's trial-pos score of `trial_id` as a fraction; null when the tier does not
   * include it), `expected_year`.
   */
  readonly programmes: DataFrame;
  /** Expected approvals per sponsor and year: `sponsor, year, programmes, expected_approvals, expected_approvals_pos`. */
  readonly byYear: DataFrame;
  /**
   * Per sponsor: `sponsor, active_programmes, expected_approvals, expected_low, expected_high,
   * pos_programmes, expected_approvals_pos`.
   */
  readonly bySponsor: DataFrame;
  /**
   * The benchmark used, per area and phase: `area, from_phase, benchmark, kind` (`published` or
   * `computed`), `rate` (the phase's transition rate), `loa, loa_low, loa_high` (likelihood of approval
   * from the phase), `years_to_approval`, `source` (citation), `counting`, `years`.
   */
  readonly benchmark: DataFrame;
  /** The computed benchmark's likelihood of approval (the `loa` frame of {@link phaseTransitions}); empty when none was asked. */
  readonly rates: DataFrame;
  /** The computed benchmark's phase-by-phase counts (the `transitions` frame of {@link phaseTransitions}); empty when none was asked. */
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
  /**
   * Drugs approved in each disease (the regulatory landscape, with subtypes): `disease, drug`; a sponsor's
   * programme of a listed drug is not pipeline.
   */
  readonly approved?: DataFrame;
  /**
   * The computed benchmark (the frames of {@link phaseTransitionsFromFrames}), used when given; else the
   * published rates.
   */
  readonly computed?: PhaseTransitionsFrames;
  /** Every area asked, so the benchmark frame has each one's figures even with no active programme. */
  readonly areas?: readonly string[];
}

const S = pl.Utf8;
const RUNNING = new Set<string>(ACTIVE_TRIAL_STATUSES);
const YEAR_MS = 365.25 * 86_400_000;
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
const BENCHMARK_SCHEMA = {
  area: S,
  from_phase: S,
  benchmark: S,
  kind: S,
  rate: pl.Float64,
  loa: pl.Float64,
  loa_low: pl.Float64,
  loa_high: pl.Float64,
  years_to_approval: pl.Float64,
  source: S,
  counting: S,
  years: S,
};

/** One benchmark figure: the probability of approval from a phase in an area. */
interface Figure {
  loa: number | null;
  low: number | null;
  high: number | null;
  years: number | null;
  basis: string;
}

/** The published figures of an area from each phase: the default source, low/high over the sources. */
function publishedFigures(area: string): { rows: Record<string, unknown>[]; at: (l: 1 | 2 | 3) => Figure } {
  const main = publishedLoa(area, DEFAULT_SOURCE);
  const all = (Object.keys(PUBLISHED_SOURCES) as (keyof typeof PUBLISHED_SOURCES)[]).map((s) =>
    publishedLoa(area, s)
  );
  const rows = ([1, 2, 3] as const).map((l) => ({
    area,
    from_phase: LEVEL_CODE[l],
    benchmark: main.label,
    kind: "published",
    rate: main.rate[l],
    loa: main.loa[l],
    loa_low: Math.min(...all.map((x) => x.loa[l])),
    loa_high: Math.max(...all.map((x) => x.loa[l])),
    years_to_approval: PUBLISHED_YEARS_TO_APPROVAL[l],
    source: main.source.citation,
    counting: main.source.counting,
    years: main.source.years,
  }));
  return {
    rows,
    at: (l) => ({
      loa: rows[l - 1].loa,
      low: rows[l - 1].loa_low,
      high: rows[l - 1].loa_high,
      years: PUBLISHED_YEARS_TO_APPROVAL[l],
      basis: main.label,
    }),
  };
}

/**
 * Pure core: the sponsors' active programmes scored by the benchmark.
 *
 * @param sponsorTrials `sponsor, trial_id, drug, disease, area, phase, status, start_date` — the sponsors'
 *   trials with the drug each tests (one row per trial and drug).
 * @param options The day judged from, pos scores, the sponsors asked, the disease's approved drugs and the
 *   computed benchmark (else the published rates).
 * @returns The frames.
 */
export function pipelineOutlookFromFrames(
  sponsorTrials: DataFrame,
  options: PipelineOutlookOptions = {},
): PipelineOutlookFrames {
  const asOf = options.asOf ?? new Date().toISOString().slice(0, 10);
  const pos = new Map<string, number>();
  for (const r of options.pos?.toRecords() ?? []) {
    if (r.pos_score !== null && r.pos_score !== undefined) {
      pos.set(String(r.trial_id), Number(r.pos_score) / 100);
    }
  }
  const approved = landscapeDrugs(options.approved);
  const computed = options.computed;
  const loa = new Map<string, Record<string, unknown>>();
  for (const r of computed?.loa.filter(pl.col("counting").eq(pl.lit("phase-by-phase"))).toRecords() ?? []) {
    loa.set(`${r.dimension}\u0000${r.group}\u0000${r.from_phase}`, r);
  }
  const benchmarkRows: Record<string, unknown>[] = [];
  const figures = new Map<string, (l: 1 | 2 | 3) => Figure>();
  const figureOf = (area: string): (l: 1 | 2 | 3) => Figure => {
    const hit = figures.get(area);
    if (hit) return hit;
    let at: (l: 1 | 2 | 3) => Figure;
    if (computed) {
      const pick = (l: 1 | 2 | 3) => {
        const a = loa.get(`area\u0000${area}\u0000${LEVEL_CODE[l]}`);
        if (a && a.loa !== null) return { r: a, basis: `computed: area ${area}` };
        const all = loa.get(`all\u0000all\u0000${LEVEL_CODE[l]}`);
        return { r: all && all.loa !== null ? all : undefined, basis: "computed: all benchmark programmes" };
      };
      at = (l) => {
        const { r, basis } = pick(l);
        return {
          loa: r ? Number(r.loa) : null,
          low: r ? Number(r.loa_low) : null,
          high: r ? Number(r.loa_high) : null,
          years: r ? (r.median_years_to_approval as number | null) : null,
          basis,
        };
      };
      const rate = computed.transitions.toRecords();
      for (const l of [1, 2, 3] as const) {
        const f = at(l);
        const t = rate.find((x) =>
          x.from_phase === LEVEL_CODE[l] &&
          (f.basis.endsWith(`area ${area}`)
            ? x.dimension === "area" && x.group === area
            : x.dimension === "all")
        );
        benchmarkRows.push({
          area,
          from_phase: LEVEL_CODE[l],
          benchmark: f.basis,
          kind: "computed",
          rate: t?.rate ?? null,
          loa: f.loa,
          loa_low: f.low,
          loa_high: f.high,
          years_to_approval: f.years,
          source: "programmes of the benchmark drugs in the diseases asked (phaseTransitions)",
          counting: "phase-by-phase, drug × disease programmes from trial histories",
          years: null,
        });
      }
    } else {
      const p = publishedFigures(area);
      benchmarkRows.push(...p.rows);
      at = p.at;
    }
    figures.set(area, at);
    return at;
  };
  for (const a of options.areas ?? []) figureOf(a);
  // The sponsor's active trials per programme (one drug whatever its spelling).
  const active = new Map<string, Record<string, unknown>[]>();
  const spelling = new Map<string, string>();
  for (const t of sponsorTrials.toRecords()) {
    if (!RUNNING.has(String(t.status)) || !t.drug) continue;
    const key = drugKey(String(t.drug));
    if (!spelling.has(key)) spelling.set(key, String(t.drug));
    const k = `${t.sponsor}\u0000${key}\u0000${t.disease}\u0000${t.area ?? t.disease}`;
    active.set(k, [...(active.get(k) ?? []), t]);
  }
  const rows: Record<string, unknown>[] = [];
  for (const [k, ts] of active) {
    const [sponsor, key, disease, area] = k.split("\u0000");
    // Approved in the disease already (the landscape lists the drug): life-cycle work, not pipeline.
    if (listsDrug(approved, disease, key)) continue;
    const levels = ts.flatMap((t) => levelsOf(t.phase as string | null));
    if (!levels.length) continue;
    const top = Math.max(...levels) as 1 | 2 | 3;
    const atTop = ts.filter((t) => levelsOf(t.phase as string | null).includes(top))
      .sort((a, b) => String(b.start_date ?? "") < String(a.start_date ?? "") ? -1 : 1);
    const lead = atTop[0];
    const phaseStart = atTop.map((t) =>
      t.start_date as string | null
    ).filter((d): d is string => !!d).sort()[0] ??
      null;
    const f = figureOf(area)(top);
    const at = phaseStart && f.years !== null ? Date.parse(phaseStart) + f.years * YEAR_MS : null;
    const expected = at === null ? null : new Date(Math.max(at, Date.parse(asOf))).getUTCFullYear();
    rows.push({
      sponsor,
      drug: spelling.get(key)!,
      disease,
      area,
      current_phase: LEVEL_CODE[top],
      phase_start: phaseStart,
      trial_id: lead.trial_id,
      p_approval: f.loa,
      p_low: f.low,
      p_high: f.high,
      rate_basis: f.loa === null ? null : f.basis,
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
  const empty = phaseTransitionsFromFrames(
    framed([], LOA_TRIAL_SCHEMA),
    framed([], LOA_APPROVAL_SCHEMA),
    { asOf },
  );
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
    benchmark: framed(benchmarkRows, BENCHMARK_SCHEMA),
    rates: (computed ?? empty).loa,
    transitions: (computed ?? empty).transitions,
  }, {
    programmes: ["sponsor", "drug", "disease"],
    byYear: ["sponsor", "year"],
    bySponsor: ["sponsor"],
    benchmark: ["area", "from_phase"],
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
  /**
   * Which rates weigh the programmes: `published` (BIO/Informa/QLS 2011–2020 by area) or `computed` (the
   * programmes of `benchmarkDrugs`, used only when adequate, else the published rates and why).
   * @default "published"
   */
  readonly benchmark?: "published" | "computed";
  /** The drugs whose programmes make the computed benchmark (1-500; a list not chosen by outcome). */
  readonly benchmarkDrugs?: readonly string[];
  /** At most this many trial-details calls (active Phase 1-3 trials whose drug is read). @default {200} */
  readonly maxDetails?: number;
  /** Ask the service's trial-pos score (when the key's tier includes it). @default {true} */
  readonly withPos?: boolean;
  /** Years at a phase with no later phase after which a programme has failed (1-15). @default {5} */
  readonly failAfterYears?: number;
  /** First start year of the benchmark programmes. @default asOf year − 24 */
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
function outlookDefinitions(asOf: string, benchmark: string): Record<string, string> {
  return {
    benchmark_used: benchmark,
    active_programme: "a drug in a disease with at least one of the sponsor's Phase 1-3 trials " +
      "recruiting, active, enrolling by invitation or not yet recruiting; the drug is read from the " +
      "trial's interventions (placebo, care and procedures left out; one drug whatever its case or salt " +
      "form); a programme whose drug the disease's regulatory landscape lists as approved is life-cycle " +
      "work, not pipeline",
    current_phase: "the highest phase among the sponsor's active trials of the programme; phase_start is " +
      "the earliest start among them at that phase",
    p_approval: "the likelihood of approval from the current phase by the benchmark (rate_basis names " +
      "it). Published (the default): BIO/Informa/QLS 2011–2020's phase-by-phase rates of the programme's " +
      "area (oncology when the disease or area names a cancer, else all areas), p_low and p_high the " +
      "lowest and highest of the published sources (2011–2020, 2006–2015). Computed (benchmark " +
      "'computed'): the phase-by-phase LOA of the area among the benchmark drugs' programmes (all of " +
      "them when the area has none judged), with its interval; used only when adequate",
    pos_score: "the service's trial-pos score of the programme's lead trial as a fraction: its model's " +
      "probability that this trial succeeds, not that the drug is approved; shown beside p_approval and " +
      "summed apart (expected_approvals_pos), never mixed with it; null when the key's tier lacks trial-pos",
    expected_year: "the year of phase_start plus the benchmark's years from that phase to approval " +
      "(published: BIO/Informa/QLS 2011–2020's mean phase durations, 10.5 years from Phase 1; computed: " +
      `the sum of the phases' medians), and never before ${asOf.slice(0, 4)}`,
    expected_approvals: "the sum of p_approval over the sponsor's active programmes (per year: those " +
      "expected that year); expected_low and expected_high add the spread of a sum of independent " +
      "outcomes (1.96 × √Σp(1−p)) to the sums of p_low and p_high, clipped to 0 and the programme count",
  };
}

/**
 * The risk-adjusted pipeline fetched with the client (see the module doc for the requests).
 *
 * @param client A client from `createClient`.
 * @param params Sponsors, diseases or areas, the benchmark, and the judging rules.
 * @returns The frames, with the definitions of the outlook (`benchmark_used` says which benchmark weighed
 *   the programmes and why) and of the benchmark.
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
 * assert.match(out.definitions!.benchmark_used, /BIO\/Informa\/QLS 2011–2020/);
 * ```
 */
export async function pipelineOutlook(
  client: Client,
  params: PipelineOutlookParams,
): Promise<PipelineOutlook> {
  checkParams("pipelineOutlook", params);
  const rules = loaRules(params);
  const pairs = diseasePairs(params);
  const areas = [...new Set(pairs.map((p) => p.area))];
  const provenance: Provenance[] = [];
  const warnings: AnalysisWarning[] = [];
  const calls = params.sponsors.flatMap((sponsor) => pairs.map((p) => ({ sponsor, ...p })));
  const diseases = [...new Set(pairs.map((p) => p.disease))];
  // The sponsors' trials and the diseases' approved drugs (the regulatory landscape), together.
  const [pulls, scapes] = await Promise.all([
    Promise.all(calls.map((c) => client.trials.composite.all({ sponsor: c.sponsor, disease: c.disease }))),
    Promise.all(diseases.map((indication) => client.regulatory.landscape({ indication }))),
  ]);
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
  const approved: Record<string, unknown>[] = [];
  scapes.forEach((r, i) => {
    provenance.push(r.meta);
    for (const d of r.rows as { generic_name?: string }[]) {
      if (d.generic_name) approved.push({ disease: diseases[i], drug: d.generic_name });
    }
  });
  // Only an active Phase 1-3 trial can make a programme: its drug is read; other trials' are not.
  const activeIds = [
    ...new Set(
      trials.filter((t) => RUNNING.has(String(t.status)) && levelsOf(t.phase as string | null).length)
        .map((t) => String(t.trial_id)),
    ),
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
  // The benchmark: published by default; a computed one only when asked and adequate.
  let computed: PhaseTransitionsFrames | undefined;
  let complete = true;
  const published = [...new Set(areas.map((a) => publishedLoa(a).label))].join("; ");
  let used = `published rates of ${published} (${PUBLISHED_SOURCES[DEFAULT_SOURCE].citation}), the default`;
  if (params.benchmark === "computed") {
    const pull = await pullProgrammes(client, distinctDrugs(params.benchmarkDrugs ?? []), pairs, {
      landscape: approved,
    });
    provenance.push(...pull.provenance);
    complete = pull.complete;
    const frames = phaseTransitionsFromFrames(
      framed(pull.trials, LOA_TRIAL_SCHEMA),
      framed(pull.approvals, LOA_APPROVAL_SCHEMA),
      {
        ...params,
        diseaseNames: pull.diseaseNames,
        landscape: framed(pull.landscape, { disease: S, drug: S }),
      },
    );
    const all = frames.transitions.filter(pl.col("dimension").eq(pl.lit("all"))).toRecords();
    const counts = ([1, 2, 3] as const).map((from) => {
      const r = all.find((x) => x.from_phase === LEVEL_CODE[from]);
      return {
        from,
        advanced: Number(r?.advanced ?? 0),
        failed: Number(r?.failed ?? 0),
        rate: r?.rate === null || r?.rate === undefined ? null : Number(r.rate),
      };
    });
    const loa1 = frames.loa.toRecords().find((x) =>
      x.dimension === "all" && x.from_phase === "phase1" && x.counting === "phase-by-phase"
    )?.loa;
    const outcomes = frames.programmes.getColumn("outcome").toArray() as string[];
    const verdict = judgeComputed(counts, loa1 === null || loa1 === undefined ? null : Number(loa1), {
      judged: outcomes.filter((o) => o === "approved" || o === "failed").length,
      failed: outcomes.filter((o) => o === "failed").length,
    });
    if (verdict.refused.length) {
      used = `computed benchmark refused: ${verdict.refused.join("; ")}; using ${published}`;
      warnings.push({ code: "benchmark-refused", message: used });
    } else {
      computed = frames;
      warnings.push(
        ...pull.warnings.filter((w) => w.code !== "drugs-without-trials"),
        ...judgedWarnings(frames),
      );
      used =
        `computed from ${frames.programmes.height} programmes of ${
          distinctDrugs(params.benchmarkDrugs ?? []).length
        } benchmark drugs, adequate (at least ${ADEQUATE.judged} judged, ${ADEQUATE.failed} failed and ` +
        `${ADEQUATE.advanced} advanced at each phase)`;
      if (verdict.flags.length) {
        used += `; outside the published range: ${verdict.flags.join("; ")}`;
        warnings.push({
          code: "benchmark-outside-published-range",
          message: `The computed benchmark is outside the published range: ${verdict.flags.join("; ")}`,
        });
      }
    }
  }
  const core = (pos?: DataFrame) =>
    pipelineOutlookFromFrames(framed(sponsorTrials, { sponsor: S, ...LOA_TRIAL_SCHEMA }), {
      asOf: rules.asOf,
      sponsors: params.sponsors,
      approved: framed(approved, { disease: S, drug: S }),
      areas,
      ...(computed ? { computed } : {}),
      ...(pos ? { pos } : {}),
    });
  // trial-pos for each active programme's lead trial, when the tier allows.
  let frames = core();
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
    if (scores.length) frames = core(framed(scores, { trial_id: S, pos_score: pl.Float64 }));
  }
  const none = frames.bySponsor.filter(pl.col("active_programmes").eq(0)).getColumn("sponsor").toArray();
  if (none.length) {
    warnings.push({
      code: "no-active-programmes",
      message: `${none.join(", ")}: no active trial of a drug in the diseases asked (the sponsor did not ` +
        "resolve, or has none running there)",
    });
  }
  return analysisResult(frames, provenance, warnings, complete, {
    ...outlookDefinitions(rules.asOf, used),
    ...loaDefinitions(rules),
  });
}
