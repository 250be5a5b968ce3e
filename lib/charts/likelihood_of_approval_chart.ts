/**
 * Likelihood-of-approval charts: the funnel of {@link phaseTransitions} (programmes entering each phase
 * and the share that advanced, with the rate's interval) and the risk-adjusted pipeline of
 * {@link pipelineOutlook} (expected approvals per year, one bar group per sponsor).
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import pl from "nodejs-polars";
import { type Chart, chart } from "./render.ts";
import { type BaseChartOptions, emptyChart, marginFor, requireColumns, rowsOf } from "./_kit.ts";
import type { DataFrame } from "../frames/polars.ts";

const PHASE: Record<string, string> = {
  phase1: "Phase 1 → 2",
  phase2: "Phase 2 → 3",
  phase3: "Phase 3 → approval",
};
const pct = (v: unknown) => `${Math.round(Number(v) * 1000) / 10}%`;

/** Options of {@linkcode phaseFunnelChart}. */
export interface PhaseFunnelChartOptions extends BaseChartOptions {
  /** The group to draw: `dimension` and `group` of the transitions frame. @default {all / all} */
  readonly dimension?: string;
  /** The group within the dimension. @default {"all"} */
  readonly group?: string;
}

/**
 * The funnel: per transition, programmes judged (advanced + failed) and advanced, labelled with the rate
 * and its 95 % interval, from the `transitions` frame of `phaseTransitions`.
 *
 * @param transitions The `transitions` frame.
 * @param options Titles, width, the group to draw.
 * @returns The chart (a sentence when no programme was judged).
 * @example
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { phaseFunnelChart } from "./likelihood_of_approval_chart.ts";
 * const t = pl.DataFrame({
 *   dimension: ["all"], group: ["all"], from_phase: ["phase1"], advanced: [6], failed: [4],
 *   rate: [0.6], rate_low: [0.31], rate_high: [0.83],
 * });
 * assert.match(phaseFunnelChart(t).svg(), /Phase 1 → 2/);
 * ```
 */
export function phaseFunnelChart(transitions: DataFrame, options: PhaseFunnelChartOptions = {}): Chart {
  requireColumns(
    transitions,
    ["dimension", "group", "from_phase", "advanced", "failed", "rate", "rate_low", "rate_high"],
    "phaseFunnelChart",
  );
  const dimension = options.dimension ?? "all", group = options.group ?? "all";
  const rows = rowsOf(
    transitions.filter(pl.col("dimension").eq(pl.lit(dimension)).and(pl.col("group").eq(pl.lit(group)))),
  ).filter((r) => Number(r.advanced) + Number(r.failed) > 0);
  const title = options.title ?? `Phase transitions${group === "all" ? "" : `: ${group}`}`;
  const width = options.width ?? 720;
  if (!rows.length) {
    return emptyChart(
      { title, width },
      options.empty ??
        "No programme was judged yet (all still running or too recent); a wider window of start years or more drugs would give rates.",
    );
  }
  const bars = rows.flatMap((r) => [
    { phase: PHASE[String(r.from_phase)], kind: "Judged", n: Number(r.advanced) + Number(r.failed) },
    { phase: PHASE[String(r.from_phase)], kind: "Advanced", n: Number(r.advanced) },
  ]);
  const phases = rows.map((r) => PHASE[String(r.from_phase)]);
  return chart({
    title,
    subtitle: options.subtitle ?? "Programmes judged at each phase and those that advanced",
    caption: options.caption ??
      "Rates with 95 % Wilson intervals; programmes still running or too recent are not judged.",
    width,
    height: Math.max(160, phases.length * 56 + 60),
    marginLeft: marginFor(phases),
    marginRight: 150,
    x: { label: "Programmes", grid: true },
    y: { domain: phases, label: null },
    color: { domain: ["Judged", "Advanced"], range: ["#bab0ac", "#4e79a7"], legend: true },
    marks: [
      Plot.barX(bars.filter((b) => b.kind === "Judged"), { x: "n", y: "phase", fill: "kind", inset: 4 }),
      Plot.barX(bars.filter((b) => b.kind === "Advanced"), { x: "n", y: "phase", fill: "kind", inset: 10 }),
      Plot.text(rows, {
        x: (r: Record<string, unknown>) => Number(r.advanced) + Number(r.failed),
        y: (r: Record<string, unknown>) => PHASE[String(r.from_phase)],
        text: (r: Record<string, unknown>) => `${pct(r.rate)} (${pct(r.rate_low)}–${pct(r.rate_high)})`,
        dx: 6,
        textAnchor: "start",
      }),
    ],
  });
}

/** Options of {@linkcode pipelineOutlookChart}. */
export type PipelineOutlookChartOptions = BaseChartOptions;

/**
 * The risk-adjusted pipeline: expected approvals per year, one colour per sponsor, from the `byYear`
 * frame of `pipelineOutlook`.
 *
 * @param byYear The `byYear` frame (`sponsor, year, expected_approvals`).
 * @param options Titles, width.
 * @returns The chart (a sentence when no sponsor has an active programme with a rate).
 * @example
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { pipelineOutlookChart } from "./likelihood_of_approval_chart.ts";
 * const y = pl.DataFrame({ sponsor: ["A", "B"], year: [2028, 2029], expected_approvals: [0.4, 1.2] });
 * assert.match(pipelineOutlookChart(y).svg(), /2029/);
 * assert.equal(pipelineOutlookChart(y.head(0)).empty !== undefined, true);
 * ```
 */
export function pipelineOutlookChart(byYear: DataFrame, options: PipelineOutlookChartOptions = {}): Chart {
  requireColumns(byYear, ["sponsor", "year", "expected_approvals"], "pipelineOutlookChart");
  const rows = rowsOf(byYear).map((r) => ({
    sponsor: String(r.sponsor),
    year: String(r.year),
    e: Number(r.expected_approvals),
  }));
  const title = options.title ?? "Risk-adjusted pipeline";
  const width = options.width ?? 720;
  if (!rows.length) {
    return emptyChart(
      { title, width },
      options.empty ??
        "No active programme of these sponsors in the diseases asked has a likelihood of approval to weigh it by.",
    );
  }
  const sponsors = [...new Set(rows.map((r) => r.sponsor))];
  // Every year from the first to the last, so a year with no expected approval shows as a gap.
  const ys = rows.map((r) => Number(r.year));
  const years = Array.from(
    { length: Math.max(...ys) - Math.min(...ys) + 1 },
    (_, i) => String(Math.min(...ys) + i),
  );
  return chart({
    title,
    subtitle: options.subtitle ??
      "Expected approvals per year: each active programme weighted by its likelihood of approval",
    caption: options.caption ??
      "Year: the current phase's start plus the benchmark's years from that phase to approval.",
    width,
    height: 320,
    x: { domain: years, label: null },
    y: { label: "Expected approvals", grid: true },
    color: { domain: sponsors, legend: true },
    marks: [
      Plot.barY(rows, { x: "year", y: "e", fill: "sponsor" }),
      Plot.ruleY([0]),
    ],
  });
}
