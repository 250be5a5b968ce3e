/**
 * Watch changes chart: for each watched item, the rows added, removed and changed since its last snapshot,
 * as stacked horizontal bars, biggest change first — the picture at the top of a watch run's change report.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { type Chart, chart } from "./render.ts";
import { type BaseChartOptions, countTicks, emptyChart, marginFor, requireColumns, rowsOf } from "./_kit.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Defaults of {@linkcode watchChangesChart}. */
export const defaults = {
  title: "Changes since the last snapshot",
  width: 720,
  rowHeight: 26,
  kinds: {
    added: { label: "Added", color: "#59a14f" },
    removed: { label: "Removed", color: "#e15759" },
    changed: { label: "Changed", color: "#4e79a7" },
  },
} as const;

/** Options of {@linkcode watchChangesChart}. */
export interface WatchChangesChartOptions extends BaseChartOptions {}

/**
 * Rows added, removed and changed per watched item, from a frame with columns `item`, `added`,
 * `removed` and `changed` (items without any change are left out; with none left, the chart is the sentence
 * "No watched item changed", no axes).
 *
 * @param changes One row per watched item.
 * @param options Titles and width.
 * @returns The chart.
 * @example
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { watchChangesChart } from "./watch_changes_chart.ts";
 * const df = pl.DataFrame({ item: ["trials", "approvals"], added: [12, 0], removed: [1, 0], changed: [30, 2] });
 * const svg = watchChangesChart(df, { subtitle: "since 2026-11-21" }).svg();
 * assert.match(svg, /Changes since the last snapshot/);
 * assert.match(svg, /since 2026-11-21/);
 * ```
 */
export function watchChangesChart(changes: DataFrame, options: WatchChangesChartOptions = {}): Chart {
  requireColumns(changes, ["item", "added", "removed", "changed"], "watchChangesChart");
  const kinds = Object.keys(defaults.kinds) as (keyof typeof defaults.kinds)[];
  const totals = new Map<string, number>();
  const rows = rowsOf(changes).flatMap((r) => {
    const item = String(r.item);
    const parts = kinds.map((k) => ({ item, kind: defaults.kinds[k].label, rows: Number(r[k] ?? 0) }));
    const total = parts.reduce((s, p) => s + p.rows, 0);
    if (total > 0) totals.set(item, total);
    return total > 0 ? parts.filter((p) => p.rows > 0) : [];
  });
  const items = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([i]) => i);
  if (!items.length) {
    return emptyChart(
      { title: options.title ?? defaults.title, width: options.width ?? defaults.width },
      options.empty ?? "No watched item changed since its last snapshot.",
    );
  }
  const drawn = kinds.map((k) => defaults.kinds[k]).filter((k) => rows.some((r) => r.kind === k.label));
  return chart({
    title: options.title ?? defaults.title,
    ...(options.subtitle ? { subtitle: options.subtitle } : {}),
    caption: options.caption ??
      "Rows matched by each table's identifying columns (“matched by” in the tables); a changed row may " +
        "differ in several cells.",
    width: options.width ?? defaults.width,
    height: Math.max(120, items.length * defaults.rowHeight + 60),
    marginLeft: marginFor(items),
    marginRight: 48,
    marginTop: 8,
    x: {
      label: "Rows",
      grid: true,
      tickFormat: (v: number) => (Number.isInteger(v) ? v.toLocaleString("en-US") : ""),
      ticks: countTicks(Math.round((options.width ?? defaults.width) / 90)),
    },
    y: { domain: items, label: null },
    color: { domain: drawn.map((k) => k.label), range: drawn.map((k) => k.color), legend: true },
    marks: [
      Plot.barX(rows, { x: "rows", y: "item", fill: "kind", order: drawn.map((k) => k.label), inset: 0.5 }),
      Plot.text(items, {
        x: (i: string) => totals.get(i),
        y: (i: string) => i,
        text: (i: string) => totals.get(i)!.toLocaleString("en-US"),
        dx: 4,
        textAnchor: "start",
        fontSize: 9,
      }),
      Plot.ruleX([0]),
    ],
  });
}
