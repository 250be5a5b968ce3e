/**
 * Medicare spending chart: Part D spend by drug as horizontal bars, branded vs generic, each bar labelled
 * with its amount and its share of the total spend.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { type Chart, chart } from "./render.ts";
import {
  type BaseChartOptions,
  displayName,
  distinctTicks,
  emptyChart,
  marginFor,
  pct,
  presentOnly,
  requireColumns,
  type Row,
  rowsOf,
  rowStep,
  usd,
  wrapLabel,
} from "./_kit.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Defaults of {@linkcode medicareSpendingChart}. */
export const defaults = {
  title: "Medicare Part D spending by drug",
  width: 720,
  top: 15,
  rowHeight: 22,
  labelChars: 36,
  branded: "#f28e2b",
  generic: "#4e79a7",
} as const;

/** Options of {@linkcode medicareSpendingChart}. */
export interface MedicareSpendingChartOptions extends BaseChartOptions {
  /** Show the drugs with the highest spend only. @default {15} */
  readonly top?: number;
}

/**
 * Spend by drug (top N), coloured branded vs generic, from the `drugs` frame of `medicareSpending`.
 *
 * @param drugs Columns `generic_name`, `brand_names` (list), `branded`, `total_spending`,
 *   `spend_share_fraction` (a fraction of 1).
 * @param options Titles, width, `top`.
 * @returns The chart.
 * @example Bars are labelled in dollars and percent
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { medicareSpendingChart } from "./medicare_spending_chart.ts";
 * const drugs = pl.DataFrame({
 *   generic_name: ["Dupilumab", "Albuterol"], brand_names: [["Dupixent"], []], branded: [true, false],
 *   total_spending: [3e6, 1e6], spend_share_fraction: [0.75, 0.25],
 * });
 * assert.match(medicareSpendingChart(drugs).svg(), /\$3M · 75%/);
 * ```
 */
export function medicareSpendingChart(
  drugs: DataFrame,
  options: MedicareSpendingChartOptions = {},
): Chart {
  requireColumns(
    drugs,
    ["generic_name", "brand_names", "branded", "total_spending", "spend_share_fraction"],
    "medicareSpendingChart",
  );
  const top = options.top ?? defaults.top;
  const all = rowsOf(drugs).filter((r) => typeof r.total_spending === "number")
    .sort((a, b) => Number(b.total_spending) - Number(a.total_spending));
  if (!all.length) {
    return emptyChart(
      { title: options.title ?? defaults.title, width: options.width ?? defaults.width },
      options.empty ??
        "No Medicare Part D drug matched; this is not evidence that no drug is reimbursed (names must " +
          "match in full).",
    );
  }
  const rows: (Row & { label: string })[] = all.slice(0, top).map((r) => {
    const brands = (r.brand_names as string[] | null ?? []).filter(Boolean).map(displayName);
    const generic = displayName(r.generic_name);
    const name = brands.length ? `${generic} (${brands.join(", ")})` : generic;
    return {
      ...r,
      label: wrapLabel(name, defaults.labelChars, 3),
      kind: r.branded ? "Branded" : "Generic",
      text: `${usd(r.total_spending)} · ${pct(r.spend_share_fraction)}`,
    };
  });
  // Labels must be unique on a band scale: the same name twice would merge two bars.
  const seen = new Map<string, number>();
  for (const r of rows) {
    const n = (seen.get(r.label) ?? 0) + 1;
    seen.set(r.label, n);
    if (n > 1) r.label = `${r.label} #${n}`;
  }
  const total = all.reduce((s, r) => s + Number(r.total_spending), 0);
  const branded = all.filter((r) => r.branded).reduce((s, r) => s + Number(r.total_spending), 0);
  const max = Math.max(0, ...rows.map((r) => Number(r.total_spending)));
  const hidden = all.length - rows.length;
  // The rows' spending year (`spending_year`; the spec's 2025 when the frame has none).
  const years = [...new Set(all.map((r) => r.spending_year).filter((y) => y != null).map(Number))].sort();
  const kinds = presentOnly(["Branded", "Generic"], rows.map((r) => String(r.kind)));
  return chart({
    title: options.title ?? defaults.title,
    subtitle: options.subtitle ??
      `${usd(total)} across ${all.length} drug${all.length === 1 ? "" : "s"}; branded ${
        pct(branded / total)
      } of spend`,
    caption: options.caption ??
      `Spending year ${
        years.length ? years.join(", ") : 2025
      }. Labels: total spend · share of all matching spend.${
        hidden > 0 ? ` ${hidden} smaller drug${hidden === 1 ? "" : "s"} not shown.` : ""
      }`,
    width: options.width ?? defaults.width,
    height: Math.max(
      120,
      rows.length * rowStep(rows.map((r) => r.label), defaults.rowHeight) + 60,
    ),
    marginLeft: marginFor(rows.map((r) => r.label)),
    marginRight: 24,
    marginTop: 8,
    x: {
      label: "Total spending (USD)",
      grid: true,
      tickFormat: (v: number) => usd(v),
      ticks: distinctTicks(usd, Math.round((options.width ?? defaults.width) / 90)),
      domain: [0, max * 1.3 || 1],
    },
    y: { label: null, domain: rows.map((r) => r.label) },
    // Only the kinds drawn get a swatch: no "Generic" entry without a generic bar.
    color: {
      domain: kinds,
      range: kinds.map((k) => (k === "Branded" ? defaults.branded : defaults.generic)),
      legend: kinds.length > 0,
    },
    marks: [
      Plot.barX(rows, { x: "total_spending", y: "label", fill: "kind" }),
      Plot.text(rows, {
        x: "total_spending",
        y: "label",
        text: "text",
        dx: 4,
        textAnchor: "start",
        fontSize: 9,
      }),
      Plot.ruleX([0]),
    ],
  });
}
