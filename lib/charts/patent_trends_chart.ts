/**
 * Patent trends chart: patents per year (bars) above year-over-year growth in percent (the analysis keeps
 * growth as a fraction of 1, PITFALLS 22; the axis and labels show it as %), optionally followed by a
 * per-company comparison.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { plotOptions } from "./dom.ts";
import type { DomNode } from "./dom.ts";
import type { Chart } from "./render.ts";
import {
  type BaseChartOptions,
  compact,
  distinctTicks,
  emptyChart,
  figure,
  note,
  partialYears,
  requireColumns,
  requireDate,
  type Row,
  rowsOf,
  signedPct,
  truncate,
} from "./_kit.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Defaults of {@linkcode patentTrendsChart}. */
export const defaults = {
  title: "Patent publications per year",
  subtitle: "Counts by publication year, with year-over-year growth",
  width: 720,
  countHeight: 240,
  growthHeight: 180,
  companyHeight: 240,
  barFill: "#4e79a7",
  growthUp: "#59a14f",
  growthDown: "#e15759",
} as const;

/** Options of {@linkcode patentTrendsChart}. */
export interface PatentTrendsChartOptions extends BaseChartOptions {
  /** The analysis `companies` frame (`company, year, patents`); adds a comparison panel when non-empty. */
  readonly companies?: DataFrame;
  /** The CPC code the analysis was limited to; the company panel says so. */
  readonly cpc?: string;
  /**
   * Every company asked for in the comparison (`compare` of `patentTrends`); those absent from
   * `companies` (no patents in scope, or not resolved) are named under the panel instead of vanishing.
   */
  readonly compared?: readonly string[];
  /** The day the data runs to: its year is partial, drawn lighter and starred. @default {today} */
  readonly asOf?: Date;
  /** The analysis `unresolved` frame (`input`, `reason`): those companies are named as not resolved. */
  readonly unresolved?: DataFrame;
}

const NAME = "patentTrendsChart";

/**
 * Patents per year and their YoY growth (as %), from the `byYear` frame of `patentTrends`.
 *
 * @param byYear Columns `year`, `patents`, `growth_fraction` (a fraction of 1).
 * @param options Titles, width and an optional `companies` frame.
 * @returns The chart (inline in notebooks, `.svg()`, `.png()`).
 * @example Growth is labelled in percent
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { patentTrendsChart } from "./patent_trends_chart.ts";
 * const byYear = pl.DataFrame({ year: [2023, 2024], patents: [100, 135], growth_fraction: [null, 0.35] });
 * assert.match(patentTrendsChart(byYear).svg(), /\+35%/);
 * ```
 */
export function patentTrendsChart(byYear: DataFrame, options: PatentTrendsChartOptions = {}): Chart {
  requireColumns(byYear, ["year", "patents", "growth_fraction"], NAME);
  const width = options.width ?? defaults.width;
  const rows = rowsOf(byYear).filter((r) => r.year != null);
  const years = rows.map((r) => Number(r.year));
  const partial = partialYears(requireDate(options.asOf, "asOf", "patentTrendsChart"));
  const companyPatents = options.companies?.height && options.companies.columns.includes("patents")
    ? (options.companies.getColumn("patents").toArray() as unknown[]).some((v) => Number(v) > 0)
    : false;
  if (!rows.some((r) => Number(r.patents) > 0) && !companyPatents) {
    return emptyChart(
      { title: options.title ?? defaults.title, width },
      options.empty ?? "No patent was published in these years for this query.",
    );
  }
  const opacity = years.some(partial.is)
    ? (r: Record<string, unknown>) => (partial.is(r.year) ? 0.45 : 1)
    : undefined;
  const x = {
    type: "band" as const,
    domain: years,
    label: "Publication year",
    tickFormat: (y: number) => (partial.is(y) ? `${y}*` : String(y)),
  };
  const counts = Plot.plot(plotOptions({
    width,
    height: defaults.countHeight,
    marginLeft: 56,
    x,
    marginTop: 24,
    y: {
      label: "Patents",
      grid: true,
      tickFormat: (v: number) => compact(v),
      ticks: distinctTicks(compact, 6),
    },
    marks: [
      Plot.barY(rows, { x: "year", y: "patents", fill: defaults.barFill, fillOpacity: opacity }),
      Plot.text(rows, {
        x: "year",
        y: "patents",
        text: (r: Record<string, unknown>) => compact(r.patents),
        dy: -6,
        fontSize: 9,
        fill: "#333",
      }),
      Plot.ruleY([0]),
    ],
  })) as unknown as DomNode;
  const growthRows = rows.filter((r) => typeof r.growth_fraction === "number");
  const g = growthRows.map((r) => Number(r.growth_fraction));
  // Head room beyond the extreme bars so their labels clear the frame and the x axis.
  const domain = [Math.min(0, ...g) * 1.35, Math.max(0, ...g) * 1.15 || 0.01];
  const growth = Plot.plot(plotOptions({
    width,
    height: defaults.growthHeight,
    marginLeft: 56,
    x,
    marginTop: 24,
    y: {
      label: "YoY growth (%)",
      grid: true,
      tickFormat: (v: number) => signedPct(v),
      ticks: distinctTicks((v) => signedPct(v), 5),
      domain,
      nice: true,
    },
    color: { domain: ["up", "down"], range: [defaults.growthUp, defaults.growthDown] },
    marks: [
      Plot.barY(growthRows, {
        x: "year",
        y: "growth_fraction",
        fill: (r: Record<string, unknown>) => (Number(r.growth_fraction) >= 0 ? "up" : "down"),
        fillOpacity: opacity,
      }),
      ...[true, false].map((up) =>
        Plot.text(growthRows.filter((r) => (Number(r.growth_fraction) >= 0) === up), {
          x: "year",
          y: "growth_fraction",
          text: (r: Record<string, unknown>) => signedPct(r.growth_fraction),
          dy: up ? -6 : 8,
          fontSize: 9,
          fill: "#333",
        })
      ),
      Plot.ruleY([0]),
    ],
  })) as unknown as DomNode;
  const parts: DomNode[] = [counts, growth];
  if (options.companies && options.companies.height > 0) {
    requireColumns(options.companies, ["company", "year", "patents"], NAME);
    parts.push(...companyPanel(options.companies, width, options.cpc));
  }
  if (options.compared?.length) {
    const shown = new Set(
      options.companies?.height ? options.companies.getColumn("company").toArray().map(String) : [],
    );
    const failed = new Set(
      options.unresolved?.height && options.unresolved.columns.includes("input")
        ? options.unresolved.getColumn("input").toArray().map(String)
        : [],
    );
    const absent = options.compared.filter((c) => !shown.has(c));
    const empty = absent.filter((c) => !failed.has(c)), unknown = absent.filter((c) => failed.has(c));
    const scope = options.cpc ? ` in CPC ${options.cpc}` : "";
    if (absent.length) {
      parts.push(note(
        `Not in the company panel: ${
          [
            empty.length
              ? `${empty.join(", ")} (no patents${scope} in these years${
                options.unresolved ? "" : ", or not resolved by the service"
              })`
              : "",
            unknown.length ? `${unknown.join(", ")} (not resolved by the service)` : "",
          ].filter(Boolean).join("; ")
        }.`,
      ));
    }
  }
  const first = years[0], last = years[years.length - 1];
  return figure({
    title: options.title ?? defaults.title,
    subtitle: options.subtitle ??
      (years.length ? `${defaults.subtitle}, ${first}–${last}` : `${defaults.subtitle} (no data)`),
    caption: options.caption ??
      "Growth = change against the previous year; the first year has no growth bar. Counts are patents from aggregate buckets." +
        (partial.note(years)
          ? `${partial.note(years)} Its growth compares part of a year with a whole one.`
          : ""),
  }, parts);
}

/** Per-company patents per year: one line per company with a swatch legend. */
function companyPanel(companies: DataFrame, width: number, cpc: string | undefined): DomNode[] {
  const rows: Row[] = rowsOf(companies).map((r) => ({ ...r, company: truncate(r.company, 32) }));
  const color = {
    type: "ordinal" as const,
    scheme: "tableau10" as const,
    domain: [...new Set(rows.map((r) => r.company))],
  };
  const legend = Plot.legend(plotOptions({ color: { ...color, legend: "swatches" as const } }));
  const plot = Plot.plot(plotOptions({
    width,
    height: defaults.companyHeight,
    marginLeft: 56,
    x: {
      label: "Publication year",
      tickFormat: String,
      ticks: Math.min(12, new Set(rows.map((r) => r.year)).size),
    },
    y: {
      label: cpc ? `Patents per company, CPC ${cpc} only` : "Patents per company",
      grid: true,
      tickFormat: (v: number) => compact(v),
      ticks: distinctTicks(compact, 6),
    },
    color,
    marks: [
      Plot.lineY(rows, { x: "year", y: "patents", stroke: "company", strokeWidth: 2 }),
      Plot.dot(rows, { x: "year", y: "patents", fill: "company", r: 2.5 }),
      Plot.ruleY([0]),
    ],
  })) as unknown as DomNode;
  return [legend as unknown as DomNode, plot];
}
