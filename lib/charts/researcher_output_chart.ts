/**
 * Researcher output chart: works per year (open access vs not, stacked) above citations per year; the
 * current year, still partial, is drawn lighter and marked so it does not read as a drop.
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
  countTicks,
  distinctTicks,
  emptyChart,
  figure,
  partialYears,
  pct,
  requireColumns,
  requireDate,
  rowsOf,
} from "./_kit.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Defaults of {@linkcode researcherOutputChart}. */
export const defaults = {
  title: "Research output per year",
  width: 720,
  worksHeight: 220,
  citationsHeight: 180,
  openAccess: "#59a14f",
  closed: "#bab0ac",
  citations: "#4e79a7",
} as const;

/** Options of {@linkcode researcherOutputChart}. */
export interface ResearcherOutputChartOptions extends BaseChartOptions {
  /** Author name for the default title. */
  readonly author?: string;
  /**
   * The day the data runs to: its year (and any later) is partial, drawn lighter and marked `*`.
   * @default {today}
   */
  readonly asOf?: Date;
}

/**
 * Works per year (stacked by open access) and citations per year, from the `byYear` frame of
 * `researcherOutput`.
 *
 * @param byYear Columns `year`, `works`, `citations`, `open_access`.
 * @param options Titles, width, author name.
 * @returns The chart.
 * @example Both panels are labelled
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { researcherOutputChart } from "./researcher_output_chart.ts";
 * const byYear = pl.DataFrame({ year: [2023, 2024], works: [3, 5], citations: [40, 12], open_access: [1, 4] });
 * const svg = researcherOutputChart(byYear, { author: "Ada Lovelace" }).svg();
 * assert.match(svg, /Ada Lovelace/);
 * assert.match(svg, /Citations/);
 * // The year of `asOf` is partial and says so.
 * const marked = researcherOutputChart(byYear, { asOf: new Date("2024-06-30") }).svg();
 * assert.match(marked, /2024[*]/);
 * assert.match(marked, /partial year/);
 * ```
 */
export function researcherOutputChart(
  byYear: DataFrame,
  options: ResearcherOutputChartOptions = {},
): Chart {
  requireColumns(byYear, ["year", "works", "citations", "open_access"], "researcherOutputChart");
  const width = options.width ?? defaults.width;
  const rows = rowsOf(byYear).filter((r) => r.year != null);
  const years = rows.map((r) => Number(r.year));
  const partialYear = partialYears(requireDate(options.asOf, "asOf", "researcherOutputChart"));
  const partial = partialYear.is;
  if (!rows.some((r) => Number(r.works ?? 0) > 0)) {
    return emptyChart(
      {
        title: options.title ?? (options.author ? `${defaults.title}: ${options.author}` : defaults.title),
        width,
      },
      options.empty ?? `${options.author ?? "This researcher"} has no listed work with a publication year.`,
    );
  }
  const stacked = rows.flatMap((r) => [
    { year: r.year, access: "Open access", works: Number(r.open_access ?? 0) },
    { year: r.year, access: "Not open access", works: Number(r.works ?? 0) - Number(r.open_access ?? 0) },
  ]);
  // Every year from the first to the last is on the axis (a year without works is an empty slot, not a
  // missing one) and every year is labelled: upright when they fit, turned on their side when they do not.
  const span = years.length
    ? Array.from({ length: Math.max(...years) - Math.min(...years) + 1 }, (_, i) => Math.min(...years) + i)
    : [];
  const sideways = span.length > Math.floor((width - 48) / 40);
  const x = {
    type: "band" as const,
    domain: span,
    label: "Publication year",
    tickRotate: sideways ? -90 : 0,
    tickFormat: (y: number) => (partial(y) ? `${y}*` : String(y)),
  };
  const marginBottom = sideways ? 48 : 30;
  const opacity = (r: { year: unknown }) => (partial(r.year) ? 0.45 : 1);
  const partialNote = partialYear.note(years);
  const color = { domain: ["Open access", "Not open access"], range: [defaults.openAccess, defaults.closed] };
  const legend = Plot.legend(
    plotOptions({ color: { ...color, type: "ordinal" as const, legend: "swatches" as const } }),
  );
  const works = Plot.plot(plotOptions({
    width,
    height: defaults.worksHeight,
    marginLeft: 48,
    marginTop: 24,
    marginBottom,
    x,
    y: {
      label: "Works",
      grid: true,
      tickFormat: (v: number) => (Number.isInteger(v) ? compact(v) : ""),
      ticks: countTicks(6),
    },
    color,
    marks: [
      Plot.barY(stacked, { x: "year", y: "works", fill: "access", fillOpacity: opacity }),
      Plot.text(rows, {
        x: "year",
        y: "works",
        text: (r: Record<string, unknown>) => String(r.works || ""),
        dy: -6,
        fontSize: 9,
      }),
      Plot.ruleY([0]),
    ],
  })) as unknown as DomNode;
  const citations = Plot.plot(plotOptions({
    width,
    height: defaults.citationsHeight,
    marginLeft: 48,
    marginTop: 24,
    marginBottom,
    x,
    y: {
      label: "Citations",
      grid: true,
      tickFormat: (v: number) => compact(v),
      ticks: distinctTicks(compact, 5),
    },
    marks: [
      Plot.barY(rows, { x: "year", y: "citations", fill: defaults.citations, fillOpacity: opacity }),
      Plot.ruleY([0]),
    ],
  })) as unknown as DomNode;
  const total = rows.reduce((s, r) => s + Number(r.works ?? 0), 0);
  const cites = rows.reduce((s, r) => s + Number(r.citations ?? 0), 0);
  const oa = rows.reduce((s, r) => s + Number(r.open_access ?? 0), 0);
  return figure({
    title: options.title ?? (options.author ? `${defaults.title}: ${options.author}` : defaults.title),
    subtitle: options.subtitle ??
      `${plural(total, "work")}, ${compact(cites)} citations, ${total ? pct(oa / total) : "0%"} open access` +
        (years.length ? ` (${years[0]}–${years[years.length - 1]})` : ""),
    caption: options.caption ??
      "Citations are the current cited-by counts of the works published each year (older works have had longer to be cited)." +
        partialNote,
  }, [legend as unknown as DomNode, works, citations]);
}
