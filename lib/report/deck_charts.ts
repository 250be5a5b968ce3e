/**
 * Private: which of the report's charts a slide can draw as a native, editable chart (bars, stacked bars,
 * lines), and their data — the series of the chart's own frames (the frames exported as CSV), with the
 * page's colours and labels (the charts' `defaults`, `lib/frames/value_labels.ts`). A chart not listed here
 * (heat map, timeline, scatter, overlaid or composite panels) goes on its slide as the PNG the report
 * renders.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { rowsOf } from "../charts/_kit.ts";
import { phaseLabel, phaseRank } from "../charts/_kit.ts";
import { defaults as regulatoryDefaults, tierLabel } from "../charts/regulatory_landscape_chart.ts";
import { defaults as patentDefaults } from "../charts/patent_trends_chart.ts";
import { defaults as scanDefaults, statusGroup } from "../charts/sponsor_scan_chart.ts";
import { defaults as medicareDefaults } from "../charts/medicare_spending_chart.ts";
import { defaults as researcherDefaults } from "../charts/researcher_output_chart.ts";
import { displayName } from "../frames/value_labels.ts";
import { displayText } from "../frames/semantics.ts";
import type { ReportChart, ReportTable } from "./html.ts";

/** A chart PowerPoint draws itself from the data it carries. */
export interface NativeChart {
  /** Heading of the chart (the slide's title when the chart has a slide of its own). */
  readonly title: string;
  /** Bars or lines. */
  readonly kind: "bar" | "line";
  /** Bars along the x axis (categories top to bottom). */
  readonly horizontal?: boolean;
  /** Series stacked on each other. */
  readonly stacked?: boolean;
  /** The categories (x of columns and lines, y of horizontal bars), in the page's order. */
  readonly categories: readonly string[];
  /** One series per colour of the page's chart; `null` where the frame has no row. */
  readonly series: readonly {
    readonly name: string;
    readonly values: readonly (number | null)[];
    readonly color: string;
  }[];
  /** Title of the value axis. */
  readonly valueTitle: string;
  /** Number format of the value axis (Excel's codes). @default {"#,##0": whole counts} */
  readonly valueFormat?: string;
  /** The frame the values come from (one of the chart's `data`, exported as a CSV). */
  readonly source: ReportTable;
}

/**
 * Colours of Plot's default categorical scheme (tableau10), as the page's charts use for sponsors; past ten
 * they repeat, as on the page.
 */
function tableau(domain: readonly string[]): string[] {
  const range = Plot.scale({ color: { type: "ordinal", scheme: "tableau10", domain: [...domain] } })
    .range as string[];
  return domain.map((_, i) => range[i % range.length]);
}

/** `{category → {series → value}}` of a long frame, summed. */
function pivot(
  rows: readonly Record<string, unknown>[],
  category: (r: Record<string, unknown>) => string,
  series: (r: Record<string, unknown>) => string,
  value: (r: Record<string, unknown>) => number,
): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const c = category(r), s = series(r);
    const cell = out.get(c) ?? new Map<string, number>();
    cell.set(s, (cell.get(s) ?? 0) + value(r));
    out.set(c, cell);
  }
  return out;
}

/** Every whole year from the first to the last: a year without rows is a gap, as on the page. */
function yearSpan(years: readonly number[]): string[] {
  if (!years.length) return [];
  const lo = Math.min(...years), hi = Math.max(...years);
  return Array.from({ length: hi - lo + 1 }, (_, i) => String(lo + i));
}

function series(
  table: Map<string, Map<string, number>>,
  categories: readonly string[],
  names: readonly { key: string; name: string; color: string }[],
  missing: 0 | null,
): NativeChart["series"] {
  return names.map(({ key, name, color }) => ({
    name,
    color,
    values: categories.map((c) => table.get(c)?.get(key) ?? missing),
  }));
}

/** Drugs by first approval year and tier (stacked columns), then the top sponsors by tier (stacked bars). */
function regulatory(c: ReportChart): NativeChart[] {
  const [byYear, bySponsor] = c.data;
  const out: NativeChart[] = [];
  const tiersOf = (rows: Record<string, unknown>[]) => {
    const known = Object.keys(regulatoryDefaults.tiers);
    const all = [
      ...new Set([
        ...known.filter((t) => rows.some((r) => r.tier === t)),
        ...rows.map((r) => String(r.tier)),
      ]),
    ];
    const fallback = tableau(all);
    return all.map((t, i) => ({
      key: t,
      name: tierLabel(t),
      color: regulatoryDefaults.tiers[t]?.color ?? fallback[i],
    }));
  };
  const years = rowsOf(byYear.frame).filter((r) => r.first_approval_year != null);
  if (years.length) {
    const categories = yearSpan(years.map((r) => Number(r.first_approval_year)));
    const table = pivot(
      years,
      (r) => String(r.first_approval_year),
      (r) => String(r.tier),
      (r) => Number(r.drugs),
    );
    out.push({
      title: c.chart.title() || "Drugs by first approval year and tier",
      kind: "bar",
      stacked: true,
      categories,
      series: series(table, categories, tiersOf(years), 0),
      valueTitle: "Drugs first approved",
      source: byYear,
    });
  }
  const sponsors = bySponsor ? rowsOf(bySponsor.frame) : [];
  if (sponsors.length) {
    const table = pivot(
      sponsors,
      (r) => displayText(String(r.sponsor)),
      (r) => String(r.tier),
      (r) => Number(r.drugs),
    );
    const total = (s: string) => [...table.get(s)!.values()].reduce((a, b) => a + b, 0);
    const top = [...table.keys()].sort((a, b) => total(b) - total(a) || a.localeCompare(b))
      .slice(0, regulatoryDefaults.topSponsors);
    out.push({
      title: `Top ${top.length} sponsors by drugs`,
      kind: "bar",
      horizontal: true,
      stacked: true,
      categories: top,
      series: series(table, top, tiersOf(sponsors), 0),
      valueTitle: "Drugs",
      source: bySponsor,
    });
  }
  return out;
}

/** Patents per year (columns), then patents per company and year (a line each). */
function patents(c: ReportChart): NativeChart[] {
  const [byYear, companies] = c.data;
  const out: NativeChart[] = [];
  const years = rowsOf(byYear.frame);
  if (years.length) {
    const categories = years.map((r) => String(r.year));
    out.push({
      title: c.chart.title() || patentDefaults.title,
      kind: "bar",
      categories,
      series: [{
        name: "Patents",
        color: patentDefaults.barFill,
        values: years.map((r) => Number(r.patents)),
      }],
      valueTitle: "Patents",
      source: byYear,
    });
  }
  const rows = companies ? rowsOf(companies.frame) : [];
  if (rows.length) {
    const names = [...new Set(rows.map((r) => String(r.company)))];
    const categories = [...new Set(rows.map((r) => Number(r.year)))].sort((a, b) => a - b).map(String);
    const table = pivot(rows, (r) => String(r.year), (r) => String(r.company), (r) => Number(r.patents));
    const colors = tableau(names);
    out.push({
      title: "Patents per company",
      kind: "line",
      categories,
      series: series(
        table,
        categories,
        names.map((n, i) => ({ key: n, name: displayText(n), color: colors[i] })),
        null,
      ),
      valueTitle: "Patents per company",
      source: companies,
    });
  }
  return out;
}

/** A sponsor's trials per phase, stacked by status group (the page's groups and colours). */
function scan(c: ReportChart): NativeChart[] {
  const [pipeline] = c.data;
  const rows = rowsOf(pipeline.frame);
  const table = pivot(
    rows,
    (r) => phaseLabel(String(r.phase ?? "unknown")),
    (r) => statusGroup(r.status),
    (r) => Number(r.trials ?? 0),
  );
  const categories = [...table.keys()].sort((a, b) => phaseRank(a) - phaseRank(b) || a.localeCompare(b));
  const groups = Object.keys(scanDefaults.groups).filter((g) => categories.some((p) => table.get(p)?.get(g)));
  if (!groups.length) return [];
  return [{
    title: c.chart.title() || scanDefaults.title,
    kind: "bar",
    horizontal: true,
    stacked: true,
    categories,
    series: series(
      table,
      categories,
      groups.map((g) => ({ key: g, name: g, color: scanDefaults.groups[g].color })),
      0,
    ),
    valueTitle: "Trials",
    source: pipeline,
  }];
}

/** Expected approvals per year, one colour per sponsor (stacked columns, as on the page). */
function outlook(c: ReportChart): NativeChart[] {
  const [byYear] = c.data;
  const rows = rowsOf(byYear.frame);
  if (!rows.length) return [];
  const names = [...new Set(rows.map((r) => String(r.sponsor)))];
  const categories = yearSpan(rows.map((r) => Number(r.year)));
  const table = pivot(
    rows,
    (r) => String(r.year),
    (r) => String(r.sponsor),
    (r) => Number(r.expected_approvals),
  );
  const colors = tableau(names);
  return [{
    title: c.chart.title() || "Risk-adjusted pipeline",
    kind: "bar",
    stacked: true,
    categories,
    series: series(
      table,
      categories,
      names.map((n, i) => ({ key: n, name: displayText(n), color: colors[i] })),
      0,
    ),
    valueTitle: "Expected approvals",
    valueFormat: "0.0",
    source: byYear,
  }];
}

/** The top drugs by Part D spending, one bar each coloured by branded or generic (as on the page). */
function medicare(c: ReportChart): NativeChart[] {
  const [drugs] = c.data;
  const rows = rowsOf(drugs.frame).filter((r) => typeof r.total_spending === "number")
    .sort((a, b) => Number(b.total_spending) - Number(a.total_spending)).slice(0, medicareDefaults.top);
  if (!rows.length) return [];
  const seen = new Map<string, number>();
  const labels = rows.map((r) => {
    const brands = (r.brand_names as string[] | null ?? []).filter(Boolean).map(displayName);
    const name = `${displayName(r.generic_name)}${brands.length ? ` (${brands.join(", ")})` : ""}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n > 1 ? `${name} #${n}` : name;
  });
  const kinds = [["Branded", medicareDefaults.branded, true], [
    "Generic",
    medicareDefaults.generic,
    false,
  ]] as const;
  return [{
    title: c.chart.title() || medicareDefaults.title,
    kind: "bar",
    horizontal: true,
    stacked: true,
    categories: labels,
    series: kinds.filter(([, , b]) => rows.some((r) => Boolean(r.branded) === b)).map(([name, color, b]) => ({
      name,
      color,
      values: rows.map((r) => (Boolean(r.branded) === b ? Number(r.total_spending) : 0)),
    })),
    valueTitle: "Total spending (USD)",
    // $200M, $1.2B: the page's compact dollars, as an Excel number format.
    valueFormat: '[>=1000000000]"$"#,##0.0,,,"B";[>=1000000]"$"#,##0,,"M";"$"#,##0',
    source: drugs,
  }];
}

/** A researcher's works per year stacked by open access, then citations per year (the page's panels). */
function researcher(c: ReportChart): NativeChart[] {
  const [byYear] = c.data;
  const rows = rowsOf(byYear.frame).filter((r) => r.year != null);
  if (!rows.some((r) => Number(r.works ?? 0) > 0)) return [];
  const categories = yearSpan(rows.map((r) => Number(r.year)));
  const at = new Map(rows.map((r) => [String(r.year), r]));
  const value = (y: string, f: (r: Record<string, unknown>) => number) => (at.has(y) ? f(at.get(y)!) : 0);
  return [{
    title: c.chart.title() || researcherDefaults.title,
    kind: "bar",
    stacked: true,
    categories,
    series: [
      {
        name: "Open access",
        color: researcherDefaults.openAccess,
        values: categories.map((y) => value(y, (r) => Number(r.open_access ?? 0))),
      },
      {
        name: "Not open access",
        color: researcherDefaults.closed,
        values: categories.map((y) => value(y, (r) => Number(r.works ?? 0) - Number(r.open_access ?? 0))),
      },
    ],
    valueTitle: "Works",
    source: byYear,
  }, {
    title: "Citations per year",
    kind: "bar",
    categories,
    series: [{
      name: "Citations",
      color: researcherDefaults.citations,
      values: categories.map((y) => value(y, (r) => Number(r.citations ?? 0))),
    }],
    valueTitle: "Citations",
    source: byYear,
  }];
}

const NATIVE: Readonly<Record<string, (c: ReportChart) => NativeChart[]>> = {
  regulatory_tiers: regulatory,
  patent_trends: patents,
  sponsor_scan: scan,
  pipeline_outlook: outlook,
  medicare_spending: medicare,
  researcher_output: researcher,
};

/**
 * The native charts of a report chart, or undefined when it goes on the slide as its PNG (its kind has
 * no native form, or it has nothing to draw).
 *
 * @param c The report chart.
 * @returns One native chart per panel of the page's chart, or undefined.
 */
export function nativeCharts(c: ReportChart): NativeChart[] | undefined {
  const make = NATIVE[c.name.replace(/_\d+$/, "")];
  if (!make || c.chart.empty !== undefined || !c.data.length) return undefined;
  const out = make(c);
  return out.length ? out : undefined;
}
