/**
 * Portfolio overlap chart: a sponsor × sponsor heatmap of shared trials, coloured by Jaccard overlap
 * (shared / union, shown as %) from white at 0, each cell labelled with its shared count and percentage
 * where it fits; the diagonal shows each sponsor's own trial count.
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
import { textWidth } from "./_compose.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Defaults of {@linkcode portfolioOverlapChart}. */
export const defaults = {
  title: "Portfolio overlap between sponsors",
  subtitle: "Shared trials per pair; colour = Jaccard overlap (shared ÷ union of both portfolios), " +
    "white = no shared trial",
  /** The subtitle when no two sponsors share a trial. */
  subtitleNone: "No two of these sponsors share a trial",
  /** Widest cell (pixels); cells narrow to fit the chart's width. */
  cell: 84,
  /** Narrowest cell (pixels). */
  minCell: 12,
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
 * Sponsor × sponsor heatmap of the `matrix` frame of `portfolioOverlap` (each pair once), drawn
 * symmetric: a pair in both of its cells, the diagonal each sponsor's own trial count. The colour runs
 * from white at 0 to dark blue at the highest overlap shown, so a pair with no shared trial looks empty.
 * Cells narrow to fit the width (many sponsors); a label that does not fit its cell is shortened to the
 * count, or left out (the frame has every value).
 *
 * @param matrix Columns `sponsor_a`, `sponsor_b`, `shared`, `jaccard` (a fraction of 1; null when both
 *   portfolios are empty), and `trials_a`, `trials_b` for the diagonal (a pair given in both orders, or a
 *   sponsor with itself, is also read).
 * @param options Titles, the condition, the width.
 * @returns The chart.
 * @example Cells carry counts and percentages
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { portfolioOverlapChart } from "./portfolio_overlap_chart.ts";
 * const matrix = pl.DataFrame({
 *   sponsor_a: ["A"], sponsor_b: ["B"], trials_a: [3], trials_b: [2], shared: [1], jaccard: [0.25],
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
  const order = [...new Set(raw.flatMap((r) => [String(r.sponsor_a), String(r.sponsor_b)]))];
  const pair = new Map<string, { shared: unknown; jaccard: unknown }>();
  const own = new Map<string, unknown>();
  for (const r of raw) {
    const a = String(r.sponsor_a), b = String(r.sponsor_b);
    if (a === b) {
      own.set(a, r.shared);
      continue;
    }
    const cellOf = { shared: r.shared, jaccard: r.jaccard };
    pair.set(`${a}\u0000${b}`, cellOf);
    pair.set(`${b}\u0000${a}`, cellOf);
    if ("trials_a" in r && !own.has(a)) own.set(a, r.trials_a);
    if ("trials_b" in r && !own.has(b)) own.set(b, r.trials_b);
  }
  const many = order.length > 8;
  const short = uniqueLabels(order, defaults.labelChars, many ? 1 : 2);
  const domain = order.map((s) => short.get(s) ?? "");
  const offJ = [...new Set([...pair.values()])].map((r) => r.jaccard).filter((v): v is number =>
    typeof v === "number"
  );
  const hi = Math.max(0, ...offJ);
  // One decimal when whole percents would show two different overlaps as the same number.
  // (or when the highest is under 4%, where whole percents would leave the legend with one or two ticks).
  const digits = new Set(offJ.map((v) => pct(v))).size < new Set(offJ).size || (hi > 0 && hi < 0.04) ? 1 : 0;
  // Cells narrow to fit the width; a label is shown whole, as its count, or not at all.
  const marginLeft = marginFor(domain);
  const k = Math.max(1, order.length);
  const width = options.width ?? Math.max(360, marginLeft + k * defaults.cell + 20);
  const cell = Math.max(defaults.minCell, Math.min(defaults.cell, Math.floor((width - marginLeft - 20) / k)));
  const cellH = Math.max(16, Math.round(cell * 0.6));
  const fontSize = cell >= 40 ? 11 : 9;
  const fits = (t: string) => textWidth(t, fontSize) <= cell - 6 && fontSize * 1.2 <= cellH - 2;
  const label = (...choices: string[]) => choices.find(fits) ?? "";
  const cells = order.flatMap((a) =>
    order.map((b) => {
      const diagonal = a === b;
      const r = pair.get(`${a}\u0000${b}`);
      const n = diagonal ? own.get(a) : r?.shared;
      const j = diagonal ? null : r?.jaccard;
      const count = n == null ? "n/a" : String(n);
      return {
        a: short.get(a) ?? "",
        b: short.get(b) ?? "",
        diagonal,
        jaccard: typeof j === "number" ? j : null,
        label: diagonal
          ? label(`${count} trials`, count)
          : label(`${count} · ${typeof j === "number" ? pct(j, digits) : "n/a"}`, count),
      };
    })
  );
  const rotate = many ? -90 : -30;
  const marginBottom = many
    ? Math.min(200, marginFor(domain) + 6)
    : Math.round(Math.min(140, (marginFor(domain, 30) - 16) * 0.5 + 24));
  const none = hi === 0;
  return chart({
    title: options.title ?? defaults.title,
    subtitle: options.subtitle ?? (none ? defaults.subtitleNone : defaults.subtitle),
    caption: options.caption ??
      `${
          options.condition ? `Condition: ${options.condition}. ` : ""
        }Diagonal: each sponsor's own trial count. ` +
        "A pair's count is the number of trials both sponsors are on.",
    width,
    height: marginBottom + 10 + k * cellH,
    marginLeft,
    marginBottom,
    marginTop: 10,
    padding: 0.04,
    x: { domain, label: null, tickRotate: rotate },
    y: { domain, label: null },
    // 0 is white; no legend when nothing overlaps (a lone "0%" says nothing).
    color: {
      type: "linear",
      scheme: defaults.scheme,
      domain: [0, none ? 1 : hi],
      legend: !none,
      label: "Jaccard overlap (%)",
      ticks: 4,
      tickFormat: (v: number) => pct(v, digits),
      unknown: defaults.diagonal,
    },
    marks: [
      Plot.cell(cells, {
        x: "b",
        y: "a",
        fill: (r: { jaccard: number | null; diagonal: boolean }) => (r.diagonal ? null : r.jaccard),
        stroke: "#dddddd",
        strokeWidth: 0.5,
        inset: 0.5,
      }),
      Plot.text(cells.filter((c) => c.label), {
        x: "b",
        y: "a",
        text: "label",
        fontSize,
        fill: (
          r: { jaccard: number | null },
        ) => (r.jaccard != null && hi > 0 && r.jaccard / hi > 0.55 ? "white" : "#222"),
      }),
    ],
  });
}

/** Labels (wrapped on `lines` lines) that stay distinct (a suffix is added when two long names cut alike). */
function uniqueLabels(names: readonly string[], max: number, lines: number): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const n of names) {
    let label = lines > 1 ? wrapLabel(n, max, lines) : truncate(n, max + 6);
    for (let i = 2; used.has(label); i++) label = `${truncate(n, max - 3)} #${i}`;
    used.add(label);
    out.set(n, label);
  }
  return out;
}
