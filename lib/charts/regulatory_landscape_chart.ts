/**
 * Regulatory landscape chart: drugs by year of first approval, stacked by tier (biologics, modern small
 * molecules, commodities/generics), optionally above the top sponsors' drugs by tier.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { type DomNode, plotOptions } from "./dom.ts";
import type { Chart } from "./render.ts";
import { plural } from "../frames/semantics.ts";
import {
  type BaseChartOptions,
  countTicks,
  displayName,
  emptyChart,
  figure,
  marginFor,
  partialYears,
  requireColumns,
  requireDate,
  rowsOf,
  rowStep,
  wrapLabel,
} from "./_kit.ts";
import type { DataFrame } from "../frames/polars.ts";
import { valueLabel } from "../frames/value_labels.ts";

/** Defaults of {@linkcode regulatoryLandscapeChart}. */
export const defaults = {
  title: "Regulatory landscape: drugs by first approval year and tier",
  width: 760,
  height: 280,
  topSponsors: 10,
  tiers: {
    biologics: { color: "#76b7b2" },
    small_molecules_modern: { color: "#4e79a7" },
    commodities: { color: "#bab0ac" },
  } as Readonly<Record<string, { color: string }>>,
} as const;

/** Options of {@linkcode regulatoryLandscapeChart}. */
export interface RegulatoryLandscapeChartOptions extends BaseChartOptions {
  /** The `bySponsor` frame (`sponsor`, `tier`, `drugs`); adds a top-sponsors panel. */
  readonly bySponsor?: DataFrame;
  /** How many sponsors the sponsor panel shows. @default {10} */
  readonly topSponsors?: number;
  /** The day the data runs to: its year is partial, drawn lighter and starred. @default {today} */
  readonly asOf?: Date;
}

/** Display label of a tier code, from `lib/frames/value_labels.ts` (`small_molecules_modern` → `Modern small molecules`). */
export function tierLabel(tier: unknown): string {
  return valueLabel("tier", tier);
}

function tierColor(tiers: readonly string[]): { domain: string[]; range: string[] } {
  const fallback = ["#f28e2b", "#e15759", "#59a14f", "#edc948"];
  return {
    domain: tiers.map(tierLabel),
    range: tiers.map((t, i) => defaults.tiers[t]?.color ?? fallback[i % fallback.length]),
  };
}

/**
 * Stacked bars of drugs per first-approval year by tier, from the `byYear` frame of `regulatoryLandscape`.
 *
 * @param byYear Columns `first_approval_year`, `tier`, `drugs`.
 * @param options Titles, width, optional `bySponsor` panel.
 * @returns The chart.
 * @example Tiers get readable names
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { regulatoryLandscapeChart } from "./regulatory_landscape_chart.ts";
 * const byYear = pl.DataFrame({ first_approval_year: [2019, 2020], tier: ["biologics", "commodities"], drugs: [2, 3] });
 * assert.match(regulatoryLandscapeChart(byYear).svg(), /Commodities \/ generics/);
 * ```
 */
export function regulatoryLandscapeChart(
  byYear: DataFrame,
  options: RegulatoryLandscapeChartOptions = {},
): Chart {
  requireColumns(byYear, ["first_approval_year", "tier", "drugs"], "regulatoryLandscapeChart");
  const width = options.width ?? defaults.width;
  const raw = rowsOf(byYear).filter((r) => r.first_approval_year != null);
  const known = Object.keys(defaults.tiers);
  const tiers = [
    ...new Set([...known.filter((t) => raw.some((r) => r.tier === t)), ...raw.map((r) => String(r.tier))]),
  ];
  const color = { type: "ordinal" as const, ...tierColor(tiers) };
  const rows = raw.map((r) => ({
    year: Number(r.first_approval_year),
    tier: tierLabel(r.tier),
    drugs: Number(r.drugs),
  }));
  const years = rows.map((r) => r.year);
  if (!rows.some((r) => r.drugs > 0)) {
    return emptyChart(
      { title: options.title ?? defaults.title, width },
      options.empty ?? "No approved drug with a first approval year is in this landscape.",
    );
  }
  const partial = partialYears(requireDate(options.asOf, "asOf", "regulatoryLandscapeChart"));
  const stackTop = new Map<number, number>();
  for (const r of rows) if (partial.is(r.year)) stackTop.set(r.year, (stackTop.get(r.year) ?? 0) + r.drugs);
  const legend = Plot.legend(plotOptions({ color: { ...color, legend: "swatches" as const } }));
  const plot = Plot.plot(plotOptions({
    width,
    height: defaults.height,
    marginLeft: 44,
    x: {
      label: "Year of first approval",
      tickFormat: (v: number) => (Number.isInteger(v) ? String(v) : ""),
      ...(years.length ? { domain: [Math.min(...years), Math.max(...years) + 1] } : {}),
    },
    y: {
      label: "Drugs first approved",
      grid: true,
      tickFormat: (v: number) => (Number.isInteger(v) ? String(v) : ""),
      ticks: countTicks(7),
    },
    color,
    marks: [
      Plot.rectY(rows, {
        x: "year",
        interval: 1,
        y: "drugs",
        fill: "tier",
        ...(stackTop.size ? { fillOpacity: (r: { year: number }) => (partial.is(r.year) ? 0.45 : 1) } : {}),
        order: color.domain,
        inset: 0.5,
      }),
      Plot.text([...stackTop], {
        x: ([y]: [number, number]) => y + 0.5,
        y: ([, n]: [number, number]) => n,
        text: () => "*",
        dy: -6,
        fontSize: 12,
      }),
      Plot.ruleY([0]),
    ],
  })) as unknown as DomNode;
  const parts: DomNode[] = [legend as unknown as DomNode, plot];
  if (options.bySponsor && options.bySponsor.height > 0) {
    requireColumns(options.bySponsor, ["sponsor", "tier", "drugs"], "regulatoryLandscapeChart");
    parts.push(sponsorPanel(options.bySponsor, options.topSponsors ?? defaults.topSponsors, width, color));
  }
  const totals = new Map<string, number>(color.domain.map((t) => [t, 0]));
  for (const r of rows) totals.set(r.tier, (totals.get(r.tier) ?? 0) + r.drugs);
  const total = [...totals.values()].reduce((a, b) => a + b, 0);
  return figure({
    title: options.title ?? defaults.title,
    subtitle: options.subtitle ??
      `${plural(total, "drug")}, ${Math.min(...years)}–${Math.max(...years)}: ` +
        [...totals].map(([t, n]) => `${t} ${Math.round((n / total) * 100)}%`).join(", "),
    caption: options.caption ??
      `Each drug is counted once, in the year of its first approval.${partial.note(years)}`,
  }, parts);
}

function sponsorPanel(
  bySponsor: DataFrame,
  top: number,
  width: number,
  color: { domain: string[]; range: string[] },
): DomNode {
  const all = rowsOf(bySponsor);
  const totals = new Map<string, number>();
  for (const r of all) totals.set(String(r.sponsor), (totals.get(String(r.sponsor)) ?? 0) + Number(r.drugs));
  const keep = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, top).map(([s]) =>
    s
  );
  const label = new Map(keep.map((s) => [s, wrapLabel(displayName(s), 30, 2)]));
  const rows = all.filter((r) => label.has(String(r.sponsor)))
    .map((r) => ({ sponsor: label.get(String(r.sponsor)), tier: tierLabel(r.tier), drugs: Number(r.drugs) }));
  const domain = keep.map((s) => label.get(s) ?? s);
  return Plot.plot(plotOptions({
    width,
    height: 60 + domain.length * rowStep(domain, 22),
    marginLeft: marginFor(domain),
    marginTop: 28,
    marginRight: 36,
    x: {
      label: "Drugs",
      grid: true,
      tickFormat: (v: number) => (Number.isInteger(v) ? String(v) : ""),
      ticks: countTicks(Math.round(width / 90)),
    },
    y: { domain, label: null },
    color: { type: "ordinal" as const, ...color },
    marks: [
      Plot.text([`Top ${domain.length} sponsors by drugs`], {
        frameAnchor: "top-left",
        dy: -22,
        dx: -4,
        fontWeight: "bold",
        fontSize: 11,
      }),
      Plot.barX(rows, { x: "drugs", y: "sponsor", fill: "tier", order: color.domain, inset: 0.5 }),
      Plot.text(keep, {
        x: (s: string) => totals.get(s),
        y: (s: string) => label.get(s),
        text: (s: string) => String(totals.get(s)),
        dx: 4,
        textAnchor: "start",
        fontSize: 9,
      }),
      Plot.ruleX([0]),
    ],
  })) as unknown as DomNode;
}
