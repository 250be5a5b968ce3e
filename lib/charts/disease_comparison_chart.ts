/**
 * Disease comparison chart: small multiples (one panel per measure: trials, competitiveness index,
 * approvals, Medicare spend, grant funding, orphan share) with the diseases side by side, above the
 * phase mix of each disease's trials as 100% stacked bars.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { type DomNode, plotOptions } from "./dom.ts";
import type { Chart } from "./render.ts";
import { plural } from "../frames/semantics.ts";
import {
  type BaseChartOptions,
  compact,
  distinctTicks,
  emptyChart,
  figure,
  grid,
  marginFor,
  pct,
  phaseLabel,
  phaseRank,
  requireColumns,
  type Row,
  rowsOf,
  rowStep,
  usd,
  wrapLabel,
} from "./_kit.ts";
import type { DataFrame } from "../frames/polars.ts";

/** One small-multiple panel: a summary column, its title and its value format. */
export interface DiseaseMeasure {
  /** Column of the `summary` frame. */
  readonly column: string;
  /** Panel title. */
  readonly label: string;
  /** Value format for ticks and labels. */
  readonly format: (v: number) => string;
  /** Fixed axis domain (e.g. `[0, 100]` for an index). */
  readonly domain?: readonly [number, number];
}

/** Defaults of {@linkcode diseaseComparisonChart}. */
export const defaults: {
  title: string;
  width: number;
  columns: number;
  labelChars: number;
  measures: readonly DiseaseMeasure[];
} = {
  title: "Disease landscapes compared",
  width: 760,
  columns: 2,
  labelChars: 18,
  measures: [
    { column: "total_trials", label: "Trials", format: compact },
    {
      column: "competitiveness_index",
      label: "Competitiveness index (0–100)",
      format: compact,
      domain: [0, 100],
    },
    { column: "total_approvals", label: "Approvals", format: compact },
    { column: "medicare_spending_usd", label: "Medicare Part D spend (USD)", format: usd },
    { column: "total_funding_usd", label: "Grant funding (USD)", format: usd },
    {
      column: "orphan_share_fraction",
      label: "Orphan share of approvals (%)",
      format: (v) => pct(v),
      domain: [0, 1],
    },
  ],
};

/** Options of {@linkcode diseaseComparisonChart}. */
export interface DiseaseComparisonChartOptions extends BaseChartOptions {
  /** The `byPhase` frame (`disease`, `phase`, `trials`); adds the phase-mix panel. */
  readonly byPhase?: DataFrame;
  /** Which measures to show, in order. @default {defaults.measures} */
  readonly measures?: readonly DiseaseMeasure[];
}

export { phaseLabel } from "./_kit.ts";

/**
 * Small multiples of the `summary` frame of `diseaseComparison` (resolved diseases only), plus the
 * phase mix from `byPhase`.
 *
 * @param summary Columns `disease`, `resolved` and the measure columns.
 * @param options Titles, width, `byPhase`, `measures`.
 * @returns The chart.
 * @example Two diseases, one panel per measure
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { diseaseComparisonChart } from "./disease_comparison_chart.ts";
 * const summary = pl.DataFrame({
 *   disease: ["asthma", "psoriasis"], resolved: [true, true], total_trials: [120, 80],
 *   competitiveness_index: [62, 41], total_approvals: [9, 4], medicare_spending_usd: [2e8, 9e7],
 *   total_funding_usd: [5e7, 2e7], orphan_share_fraction: [0, 0.25],
 * });
 * const svg = diseaseComparisonChart(summary).svg();
 * assert.match(svg, /Competitiveness index/);
 * assert.match(svg, /25%/);
 * ```
 */
export function diseaseComparisonChart(
  summary: DataFrame,
  options: DiseaseComparisonChartOptions = {},
): Chart {
  const measures = options.measures ?? defaults.measures;
  requireColumns(
    summary,
    ["disease", "resolved", ...measures.map((m) => m.column)],
    "diseaseComparisonChart",
  );
  const width = options.width ?? defaults.width;
  const all = rowsOf(summary);
  const rows: Row[] = all.filter((r) => r.resolved).map((r) => ({
    ...r,
    label: wrapLabel(r.disease, defaults.labelChars),
  }));
  const skipped = all.filter((r) => !r.resolved).map((r) => String(r.input ?? r.disease ?? "?"));
  if (!rows.length) {
    return emptyChart(
      { title: options.title ?? defaults.title, width },
      options.empty ??
        (skipped.length
          ? `None of the diseases resolved (${skipped.join(", ")}), so there is nothing to compare; check ` +
            "their names."
          : "No disease to compare."),
    );
  }
  const labels = rows.map((r) => String(r.label));
  const cols = Math.max(1, options.measures ? Math.min(defaults.columns, measures.length) : defaults.columns);
  const panelWidth = Math.floor((width - 16 * (cols - 1)) / cols);
  const color = { type: "ordinal" as const, scheme: "tableau10" as const, domain: labels };
  const panels = measures.map((m) => panel(rows, m, labels, panelWidth, color));
  const parts: DomNode[] = [grid(panels, cols)];
  if (options.byPhase && options.byPhase.height > 0) {
    requireColumns(options.byPhase, ["disease", "phase", "trials"], "diseaseComparisonChart");
    parts.push(...phasePanel(options.byPhase, width));
  }
  return figure({
    title: options.title ?? defaults.title,
    subtitle: options.subtitle ??
      `${plural(rows.length, "disease")}: ${rows.map((r) => r.disease).join(", ")}`,
    caption: options.caption ??
      (skipped.length
        ? `Not compared (unresolved): ${skipped.join(", ")}. Figures from each disease's landscape report.`
        : "Figures from each disease's landscape report; Medicare spend is for 2025."),
  }, parts);
}

function panel(
  rows: Record<string, unknown>[],
  m: DiseaseMeasure,
  labels: string[],
  width: number,
  color: Plot.ScaleOptions,
): DomNode {
  const values = rows.map((r) => Number(r[m.column] ?? 0));
  const max = m.domain ? m.domain[1] : Math.max(0, ...values) * 1.3 || 1;
  return Plot.plot(plotOptions({
    width,
    height: 46 + labels.length * rowStep(labels, 24, 11),
    marginLeft: marginFor(labels),
    marginRight: 20,
    marginTop: 26,
    x: {
      domain: [m.domain?.[0] ?? 0, max],
      label: null,
      ticks: distinctTicks(m.format, 4),
      tickFormat: m.format,
      grid: true,
    },
    y: { domain: labels, label: null },
    color,
    marks: [
      Plot.text([m.label], { frameAnchor: "top-left", dy: -20, dx: -4, fontWeight: "bold", fontSize: 11 }),
      Plot.barX(rows, { x: m.column, y: "label", fill: "label" }),
      Plot.text(rows, {
        x: m.column,
        y: "label",
        text: (r: Record<string, unknown>) => (r[m.column] == null ? "n/a" : m.format(Number(r[m.column]))),
        dx: 4,
        textAnchor: "start",
        fontSize: 9,
      }),
      Plot.ruleX([0]),
    ],
  })) as unknown as DomNode;
}

function phasePanel(byPhase: DataFrame, width: number): DomNode[] {
  const raw = rowsOf(byPhase).filter((r) => Number(r.trials) > 0);
  const totals = new Map<string, number>();
  for (const r of raw) totals.set(String(r.disease), (totals.get(String(r.disease)) ?? 0) + Number(r.trials));
  const phases = [...new Set(raw.map((r) => phaseLabel(String(r.phase))))]
    .sort((x, y) => phaseRank(x) - phaseRank(y) || x.localeCompare(y));
  const rows = raw.map((r) => {
    const phase = phaseLabel(String(r.phase));
    return {
      label: wrapLabel(r.disease, defaults.labelChars),
      phase,
      share: Number(r.trials) / (totals.get(String(r.disease)) || 1),
      order: phases.indexOf(phase),
    };
  });
  const labels = [...new Set(rows.map((r) => r.label))];
  // Numbered phases in blues, light to dark; phases without a number (Not applicable) in grey.
  const numbered = phases.filter((p) => phaseRank(p) < 9);
  const blues = numbered.length > 1
    ? (Plot.scale({ color: { type: "ordinal", scheme: "blues", domain: numbered } }).range as string[])
    : ["#6baed6"];
  const color = {
    type: "ordinal" as const,
    domain: phases,
    range: phases.map((p) => (phaseRank(p) < 9 ? blues[numbered.indexOf(p)] : "#bab0ac")),
  };
  const legend = Plot.legend(plotOptions({ color: { ...color, legend: "swatches" as const } }));
  const dark = new Set(numbered.slice(Math.ceil(numbered.length / 2)));
  const plot = Plot.plot(plotOptions({
    width,
    height: 50 + labels.length * rowStep(labels, 26, 11),
    marginLeft: marginFor(labels),
    marginTop: 26,
    x: { label: "Share of the disease's trials (%)", tickFormat: (v: number) => pct(v), domain: [0, 1] },
    y: { domain: labels, label: null },
    color,
    marks: [
      Plot.text(["Trial phase mix"], {
        frameAnchor: "top-left",
        dy: -20,
        dx: -4,
        fontWeight: "bold",
        fontSize: 11,
      }),
      Plot.barX(rows, Plot.stackX({ x: "share", y: "label", fill: "phase", order: "order", inset: 0.5 })),
      // Same rows as the bars (so the stacks line up); small segments get no label.
      Plot.text(
        rows,
        Plot.stackX({
          x: "share",
          y: "label",
          order: "order",
          text: (r: { share: number }) => (r.share >= 0.07 ? pct(r.share) : ""),
          fill: (r: { phase: string }) => (dark.has(r.phase) ? "white" : "#222"),
          fontSize: 9,
        }),
      ),
    ],
  })) as unknown as DomNode;
  return [legend as unknown as DomNode, plot];
}
