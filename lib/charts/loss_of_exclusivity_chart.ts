/**
 * Loss-of-exclusivity chart: the cliff — Medicare Part D spending (of the data's year, `spending_year`) by the quarter in which the
 * drugs' last patent or exclusivity lapses, stacked by sponsor, with the biggest stacks' totals labelled.
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
  requireColumns,
  rowsOf,
  truncate,
  usd,
} from "./_kit.ts";
import { labelRoom, stackedLabels } from "./_stack_labels.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Defaults of {@linkcode lossOfExclusivityChart}. */
export const defaults = {
  title: "Loss of exclusivity: Part D spending by quarter protection ends",
  width: 860,
  height: 380,
  labels: 6,
  labelChars: 22,
} as const;

/** Options of {@linkcode lossOfExclusivityChart}. */
export interface LossOfExclusivityChartOptions extends BaseChartOptions {
  /** How many of the biggest quarters (stacks) to label with their total. @default {6} */
  readonly labels?: number;
}

const who = (entities: unknown): string =>
  (Array.isArray(entities) ? entities : [entities]).map((e) => String(e).replace(/^[a-z]+:/, "")).join(" + ");

/** Every quarter from `first` to `last` (`YYYY-Qn`), so empty quarters show as gaps on the timeline. */
function quarters(first: string, last: string): string[] {
  const n = (q: string) => Number(q.slice(0, 4)) * 4 + Number(q.slice(6)) - 1;
  const out: string[] = [];
  for (let i = n(first); i <= n(last); i++) out.push(`${Math.floor(i / 4)}-Q${(i % 4) + 1}`);
  return out;
}

/**
 * The cliff, from the `drugs` frame of `lossOfExclusivity` (drugs with no Medicare match are left out
 * and counted in the caption).
 *
 * @param drugs Columns `drug_name`, `trade_names` (list), `entities` (list), `horizon_quarter`,
 *   `part_d_spending`, optionally `spending_year` (the Part D data's year; else the spec's 2025).
 * @param options Titles, width, how many drugs to label.
 * @returns The chart.
 * @example The biggest stack is labelled with its total
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { lossOfExclusivityChart } from "./loss_of_exclusivity_chart.ts";
 * const drugs = pl.DataFrame({
 *   drug_name: ["emicizumab", "lorlatinib"], trade_names: [["Hemlibra"], ["Lorbrena"]],
 *   entities: [["sponsor:Roche"], ["sponsor:Pfizer"]], horizon_quarter: ["2029-Q4", "2029-Q4"],
 *   part_d_spending: [5.8e9, 4.6e8],
 * });
 * // The stack's total is labelled, with its biggest drug and how many more.
 * assert.match(lossOfExclusivityChart(drugs).svg(), /\$6\.3B \(Hemlibra \+1\)/);
 * ```
 */
export function lossOfExclusivityChart(
  drugs: DataFrame,
  options: LossOfExclusivityChartOptions = {},
): Chart {
  requireColumns(
    drugs,
    ["drug_name", "trade_names", "entities", "horizon_quarter", "part_d_spending"],
    "lossOfExclusivityChart",
  );
  const all = rowsOf(drugs);
  const rows = all.filter((r) => typeof r.part_d_spending === "number").map((r) => ({
    quarter: String(r.horizon_quarter),
    sponsor: who(r.entities),
    spending: Number(r.part_d_spending),
    label: truncate(
      displayName((r.trade_names as string[] | null)?.[0] ?? r.drug_name),
      defaults.labelChars,
    ),
  }));
  const unmatched = all.length - rows.length;
  if (!rows.length) {
    return emptyChart(
      { title: options.title ?? defaults.title, width: options.width ?? defaults.width },
      options.empty ??
        (all.length
          ? `${all.length} drug${all.length === 1 ? "" : "s"} lose${
            all.length === 1 ? "s its" : " their"
          } last protection, but none matched a Medicare Part D row, so there is no spending to draw.`
          : "No drug loses its last patent or exclusivity within the horizon."),
    );
  }
  // The data's spending year (`spending_year`; the spec's 2025 when the frame has none).
  const years = [...new Set(all.map((r) => r.spending_year).filter((y) => y != null).map(Number))].sort();
  const year = years.length ? years.join(", ") : "2025";
  const sorted = rows.map((r) => r.quarter).sort();
  const qs = quarters(sorted[0], sorted.at(-1)!);
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.quarter, (totals.get(r.quarter) ?? 0) + r.spending);
  // Label the biggest stacks with their total (one drug: its name; more: the biggest and how many more).
  const labels = [...totals].sort((a, b) => b[1] - a[1]).slice(0, options.labels ?? defaults.labels)
    .map(([quarter, sum]) => {
      const stack = rows.filter((r) => r.quarter === quarter).sort((a, b) => b.spending - a.spending);
      const text = stack.length === 1
        ? `${stack[0].label} ${usd(sum)}`
        : `${usd(sum)} (${stack[0].label} +${stack.length - 1})`;
      return { quarter, y: sum, text };
    });
  const total = rows.reduce((a, r) => a + r.spending, 0);
  const sponsors = [...new Set(rows.map((r) => r.sponsor))].sort();
  const everyOther = qs.length > 16;
  const room = labelRoom();
  return chart({
    title: options.title ?? defaults.title,
    subtitle: options.subtitle ??
      `${usd(total)} of ${year} Part D spending on ${rows.length} drug${
          rows.length === 1 ? "" : "s"
        } whose ` +
        `last patent or exclusivity expires from ${qs[0]} to ${qs.at(-1)}`,
    caption: options.caption ??
      `Each bar: the quarter in which a drug's last listed patent or exclusivity lapses (its protection ` +
        `horizon), stacked by sponsor; a drug of several sponsors is its own stack. Spending year ${year}.` +
        (unmatched
          ? ` ${unmatched} drug${unmatched === 1 ? "" : "s"} with no Medicare match not shown.`
          : ""),
    width: options.width ?? defaults.width,
    height: defaults.height,
    marginLeft: 64,
    marginBottom: 72,
    marginTop: 24,
    x: {
      label: "Quarter protection ends",
      labelOffset: 66,
      domain: qs,
      tickRotate: -40,
      tickFormat: (q: string, i: number) => (everyOther && i % 2 ? "" : q),
    },
    y: {
      label: `Part D spending ${year} (USD)`,
      grid: true,
      tickFormat: (v: number) => usd(v),
      ticks: distinctTicks(usd, 8),
      domain: [0, Math.max(1, ...totals.values()) * 1.12],
    },
    color: { domain: sponsors, legend: true, scheme: "tableau10" },
    marks: [
      Plot.barY(rows, {
        x: "quarter",
        y: "spending",
        fill: "sponsor",
        order: "sponsor",
        insetLeft: 1,
        insetRight: 1,
      }),
      // Labels read rightwards from their bar, except near the right edge, where they would be cut off; one
      // that would overlap another is raised a line, or left out (the frame has every drug).
      ...[true, false].map((left) => {
        const group = labels.filter((l) => (qs.indexOf(l.quarter) < qs.length * 0.7) === left);
        const text = {
          dy: -6,
          dx: left ? -6 : 6,
          fontSize: 9,
          textAnchor: left ? "start" as const : "end" as const,
        };
        return Plot.text(group, {
          x: "quarter",
          y: "y",
          text: "text",
          lineAnchor: "bottom",
          ...text,
          render: stackedLabels(room, { texts: group.map((l) => l.text), ...text }),
        });
      }),
      Plot.ruleY([0]),
    ],
  });
}
