/**
 * Portfolio overlap chart: a sponsor × sponsor heatmap of shared trials, coloured by Jaccard overlap
 * (shared / union, shown as %), each cell labelled with its shared count and percentage; the diagonal
 * shows each sponsor's own trial count.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { type Chart, chart } from "./render.ts";
import {
  type BaseChartOptions,
  marginFor,
  pct,
  requireColumns,
  rowsOf,
  truncate,
  wrapLabel,
} from "./_kit.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Defaults of {@linkcode portfolioOverlapChart}. */
export const defaults = {
  title: "Portfolio overlap between sponsors",
  subtitle: "Shared trials per pair; colour = Jaccard overlap (shared ÷ union of both portfolios), " +
    "lightest to darkest = lowest to highest pair shown",
  /** The subtitle when every pair has the same overlap (one colour). */
  subtitleOne: "Shared trials per pair and their Jaccard overlap (shared ÷ union of both portfolios)",
  cell: 84,
  labelChars: 22,
  scheme: "blues",
  diagonal: "#eeeeee",
} as const;

/** Options of {@linkcode portfolioOverlapChart}. */
export interface PortfolioOverlapChartOptions extends BaseChartOptions {
  /** The condition, for the default caption. */
  readonly condition?: string;
}

/**
 * Heatmap of the long `matrix` frame of `portfolioOverlap`.
 *
 * @param matrix Columns `sponsor_a`, `sponsor_b`, `shared`, `jaccard` (a fraction of 1; null when both
 *   portfolios are empty).
 * @param options Titles, the condition.
 * @returns The chart.
 * @example Cells carry counts and percentages
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { portfolioOverlapChart } from "./portfolio_overlap_chart.ts";
 * const matrix = pl.DataFrame({
 *   sponsor_a: ["A", "A", "B", "B"], sponsor_b: ["A", "B", "A", "B"],
 *   shared: [3, 1, 1, 2], jaccard: [1, 0.25, 0.25, 1],
 * });
 * const svg = portfolioOverlapChart(matrix).svg();
 * assert.match(svg, /1 · 25%/);
 * assert.match(svg, /3 trials/);
 * ```
 */
export function portfolioOverlapChart(
  matrix: DataFrame,
  options: PortfolioOverlapChartOptions = {},
): Chart {
  requireColumns(matrix, ["sponsor_a", "sponsor_b", "shared", "jaccard"], "portfolioOverlapChart");
  const raw = rowsOf(matrix);
  const order = [...new Set(raw.map((r) => String(r.sponsor_a)))];
  const short = uniqueLabels(order, defaults.labelChars);
  const offJ = raw.filter((r) => r.sponsor_a !== r.sponsor_b && typeof r.jaccard === "number")
    .map((r) => Number(r.jaccard));
  // The colour spans the pairs' own range (not 0 to max): overlaps of 4–6% must not all look alike.
  const [lo, hi] = colourDomain(offJ);
  // One decimal when whole percents would show two different overlaps as the same number, or when the
  // colour range is narrow (one pair, near-equal pairs), so labels and legend ticks read alike.
  const narrow = hi - lo < 0.04;
  const fractional = offJ.some((v) => Math.abs(v * 100 - Math.round(v * 100)) >= 0.05);
  const digits = new Set(offJ.map((v) => pct(v))).size < new Set(offJ).size || (narrow && fractional) ? 1 : 0;
  const values = [...new Set(offJ.map((v) => pct(v, digits)))];
  const single = values.length === 1 ? values : undefined;
  const rows = raw.map((r) => {
    const diagonal = r.sponsor_a === r.sponsor_b;
    return {
      a: short.get(String(r.sponsor_a)) ?? "",
      b: short.get(String(r.sponsor_b)) ?? "",
      diagonal,
      jaccard: diagonal ? null : r.jaccard,
      label: diagonal
        ? `${r.shared} trials`
        : `${r.shared} · ${r.jaccard == null ? "n/a" : pct(r.jaccard, digits)}`,
    };
  });
  const domain = order.map((s) => short.get(s) ?? "");
  const cell = defaults.cell;
  const marginLeft = marginFor(domain);
  const marginBottom = Math.round(Math.min(140, (marginFor(domain, 30) - 16) * 0.5 + 24));
  return chart({
    title: options.title ?? defaults.title,
    subtitle: options.subtitle ?? (single ? defaults.subtitleOne : defaults.subtitle),
    caption: options.caption ??
      `${
          options.condition ? `Condition: ${options.condition}. ` : ""
        }Diagonal: each sponsor's own trial count. ` +
        "A pair's count is the number of trials both sponsors are on.",
    width: options.width ?? Math.max(360, marginLeft + domain.length * cell + 20),
    height: marginBottom + 10 + domain.length * cell * 0.6,
    marginLeft,
    marginBottom,
    marginTop: 10,
    padding: 0.04,
    x: { domain, label: null, tickRotate: -30 },
    y: { domain, label: null },
    // One overlap value (one pair, or all pairs alike) is one swatch, not a range with made-up ends.
    color: single
      ? {
        type: "ordinal",
        domain: single,
        range: [SINGLE_FILL],
        legend: true,
        label: "Jaccard overlap",
        unknown: defaults.diagonal,
      }
      : {
        type: "linear",
        scheme: defaults.scheme,
        domain: [lo, hi],
        legend: true,
        label: "Jaccard overlap (%)",
        ticks: 4,
        tickFormat: (v: number) => pct(v, narrow ? 1 : digits),
        unknown: defaults.diagonal,
      },
    marks: [
      Plot.cell(rows, {
        x: "b",
        y: "a",
        fill: (r: { jaccard: unknown }) =>
          single ? (r.jaccard == null ? null : pct(r.jaccard, digits)) : r.jaccard,
        inset: 0.5,
      }),
      Plot.text(rows, {
        x: "b",
        y: "a",
        text: "label",
        fontSize: 11,
        fill: (r: { jaccard: unknown }) =>
          !single && r.jaccard != null && (Number(r.jaccard) - lo) / (hi - lo) > 0.55 ? "white" : "#222",
      }),
    ],
  });
}

/** The fill of every pair when all pairs have the same overlap: the middle of the scheme. */
const SINGLE_FILL = "#6baed6";

/**
 * The colour domain of the pairs' overlaps: their min to max, widened to at least 1 percentage point
 * around the middle (and kept within 0–1) so that near-equal overlaps are not stretched into extremes.
 */
function colourDomain(values: readonly number[]): [number, number] {
  if (!values.length) return [0, 0.01];
  const min = Math.min(...values), max = Math.max(...values);
  const span = Math.max(max - min, 0.01);
  const mid = (min + max) / 2;
  const lo = Math.max(0, mid - span / 2);
  return [lo, Math.min(1, lo + span)];
}

/** Labels wrapped on two lines that stay distinct (a suffix is added when two long names cut to the same text). */
function uniqueLabels(names: readonly string[], max: number): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const n of names) {
    let label = wrapLabel(n, max, 2);
    for (let i = 2; used.has(label); i++) label = `${truncate(n, max - 3)} #${i}`;
    used.add(label);
    out.set(n, label);
  }
  return out;
}
