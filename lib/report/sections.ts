/**
 * Report sections for the headline analyses: each turns an analysis result into a {@linkcode ReportSection}
 * (headline sentence, charts, tables, provenance and warnings). Used by `main.ts`; reusable in scripts.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { AnalysisMeta } from "../frames/provenance.ts";
import type { CatalystCalendar } from "../analyses/catalyst_calendar.ts";
import type { DiseaseComparison } from "../analyses/disease_comparison.ts";
import type { MedicareSpending } from "../analyses/medicare_spending.ts";
import type { PatentTrends } from "../analyses/patent_trends.ts";
import type { PortfolioOverlap } from "../analyses/portfolio_overlap.ts";
import type { RegulatoryLandscape } from "../analyses/regulatory_landscape.ts";
import type { ResearcherOutput } from "../analyses/researcher_output.ts";
import type { SponsorScan } from "../analyses/sponsor_scan.ts";
import type { TargetPrioritization } from "../analyses/target_prioritization.ts";
import { catalystCalendarChart, eventTypeLabel } from "../charts/catalyst_calendar_chart.ts";
import { valueLabel } from "../frames/value_labels.ts";
import {
  defaults as diseaseChartDefaults,
  diseaseComparisonChart,
} from "../charts/disease_comparison_chart.ts";
import { medicareSpendingChart } from "../charts/medicare_spending_chart.ts";
import { patentTrendsChart } from "../charts/patent_trends_chart.ts";
import { portfolioOverlapChart } from "../charts/portfolio_overlap_chart.ts";
import { regulatoryLandscapeChart } from "../charts/regulatory_landscape_chart.ts";
import { researcherOutputChart } from "../charts/researcher_output_chart.ts";
import { sponsorScanChart } from "../charts/sponsor_scan_chart.ts";
import { targetPrioritizationChart } from "../charts/target_prioritization_chart.ts";
import { displayName, pct, usd } from "../charts/_kit.ts";
import { displayText, formatCell, plural } from "../frames/semantics.ts";
import type { ReportSection, ReportTable } from "./html.ts";

/** Width of every chart of the report: the page's content width, so no chart sits in a narrow column. */
export const REPORT_CHART_WIDTH = 980;

/**
 * How a reader changes a parameter of an analysis, in the advice of an empty section: the analysis's own
 * name (`horizonYears`, for the MCP tools and scripts; the default) or the report's flag
 * ({@linkcode REPORT_FLAGS}: `--horizon-years`).
 */
export type ParamName = (param: string) => string;

/** The report command's flag of an analysis parameter: `horizonYears` → `--horizon-years`. */
export const REPORT_FLAGS: ParamName = (p) => `--${p.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Names in a sentence: `A`, `A or B`, `A, B or C` (`and` with `joiner: "and"`). */
export function nameList(names: readonly string[], joiner = "or"): string {
  const shown = names.map(displayText);
  return shown.length <= 1 ? shown.join("") : `${shown.slice(0, -1).join(", ")} ${joiner} ${shown.at(-1)}`;
}

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/** Provenance and warnings of a result, plus a warning when a call was capped. */
export const meta = (r: AnalysisMeta): Pick<ReportSection, "provenance" | "warnings"> => ({
  provenance: r.provenance,
  warnings: [
    ...r.warnings,
    ...(r.complete ? [] : ["Incomplete: at least one call was capped; more rows exist than are shown"]),
  ],
});

/**
 * What the service said it has no data for, by the calls behind a result (its "no data here" notice: a
 * store imported without that source): the endpoint's namespace (`medicare`, `patents`, …) → the advice
 * that adds it (`deno task import -- --part-d <file>`). Such data are absent, not zero.
 */
export function missingData(provenance: AnalysisMeta["provenance"]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of provenance) {
    const w = p.warnings.find((x) => x.code === "no-data-source");
    if (!w) continue;
    const how = /\((deno task import[^)]*)\)/.exec(w.message)?.[1] ?? "the service has no such data here";
    out.set(p.endpoint.split(".")[0], how);
  }
  return out;
}

/**
 * Warnings whose advice names an analysis parameter (`windowDays`), with the reader's own name for it
 * (`--window-days` in the report); the code stays.
 */
export function advised(
  warnings: ReportSection["warnings"],
  params: readonly string[],
  param: ParamName | undefined,
): ReportSection["warnings"] {
  if (!param || !warnings) return warnings;
  const swap = (m: string) => params.reduce((t, p) => t.replace(new RegExp(`\\b${p}\\b`, "g"), param(p)), m);
  return warnings.map((w) => (typeof w === "string" ? swap(w) : { ...w, message: swap(w.message) }));
}

const first = (df: pl.DataFrame, col: string): unknown => (df.height ? df.getColumn(col).get(0) : null);
/** A count in a sentence: `3,028`. */
const n = (v: unknown): string => (typeof v === "number" ? v.toLocaleString("en-US") : String(v ?? "?"));
const many = (v: unknown, noun: string, nouns?: string): string =>
  typeof v === "number" ? plural(v, noun, nouns) : `? ${nouns ?? `${noun}s`}`;

/** Portfolio overlap of sponsors in a condition. */
export function portfolioSection(
  r: PortfolioOverlap,
  sponsors: readonly string[],
  condition: string,
): ReportSection {
  // The largest overlap is named only when two sponsors share a trial (unknown and zero overlaps are not one).
  // The matrix has each pair once.
  const pairs = r.matrix.filter(pl.col("shared").gt(0)).sort("shared", true);
  const top = pairs.height ? pairs.select("sponsor_a", "sponsor_b", "shared", "jaccard").row(0) : null;
  const matrix: ReportTable = { title: "Pair matrix", frame: r.matrix };
  // No pair shares a trial: a sentence with each sponsor's own trials in the condition, not a matrix of zeros.
  const own = r.sponsors.height && r.sponsors.columns.includes("trial_count")
    ? r.sponsors.toRecords().map((x) =>
      `${
        sponsors[r.sponsors.getColumn("sponsor").toArray().indexOf(x.sponsor as never)] ??
          displayName(String(x.sponsor))
      } ${n(x.trial_count ?? 0)}`
    ).join(", ")
    : "";
  const thin = !pairs.height
    ? ` No two of them share a trial in ${condition}, so there is no overlap to draw` +
      (own ? ` (their own trials in it: ${own}).` : ".")
    : "";
  return {
    title: "Portfolio overlap",
    summary:
      `${sponsors.join(", ")} in ${condition}: ${many(first(r.market, "market_size_trials"), "trial")} ` +
      `in the condition, ${
        n(first(r.market, "shared_by_two_or_more") ?? 0)
      } shared by at least two of them.` +
      (top
        ? ` Largest overlap: ${top[0]} × ${top[1]} (${many(top[2], "shared trial")}, Jaccard ${
          typeof top[3] === "number" ? pct(top[3], 1) : "n/a"
        }).`
        : "") +
      thin,
    charts: pairs.height
      ? [{
        name: "portfolio_overlap",
        chart: portfolioOverlapChart(r.matrix, { condition, width: REPORT_CHART_WIDTH }),
        data: [matrix],
      }]
      : [],
    tables: [
      { title: "Sponsors", frame: r.sponsors },
      ...(pairs.height ? [{ title: "Shared trials", frame: r.shared, rows: 10 }] : [matrix]),
    ],
    ...meta(r),
  };
}

/** What the catalyst section knows of the question besides its answer. */
export interface CatalystSectionOptions {
  /** The data's reference day (the store's today): the chart's rule and the empty sentence use it. */
  readonly asOf?: Date;
  /** The window asked, in days (the empty sentence says it, and what would widen it). */
  readonly windowDays?: number;
  /** How the reader names the window parameter. @default {the analysis's name, `windowDays`} */
  readonly param?: ParamName;
}

/** Catalyst calendar of sponsors. */
export function catalystSection(
  r: CatalystCalendar,
  who: readonly string[],
  options: CatalystSectionOptions = {},
): ReportSection {
  const upcoming = r.events.filter(pl.col("when").eq(pl.lit("upcoming")));
  const next = upcoming.height ? upcoming.row(0) : null;
  const col = (c: string) => upcoming.columns.indexOf(c);
  const whose = (row: unknown[]) =>
    who.length > 1
      ? ` (${(row[col("entities")] as string[] ?? []).map((e) => displayName(displayText(e))).join(", ")})`
      : "";
  // Whose event each is: the entity (sponsor or ticker) it was fetched for.
  // A question by drug (no sponsor asked): the events' own sponsors instead of the question's label.
  const byDrug = r.events.height > 0 && r.events.columns.includes("sponsors") &&
    (r.events.getColumn("entities").toArray() as unknown as string[][]).every((e) =>
      (e ?? []).every((x) => String(x).startsWith("filter:"))
    );
  const shown = [
    "event_date",
    "days_to_event",
    "type",
    "trade_name",
    "drug_name",
    byDrug ? "sponsors" : "entities",
  ];
  const events: ReportTable = { title: "Events", frame: r.events, columns: shown };
  return {
    title: "Catalyst calendar",
    summary: `${who.join(", ")}: ${n(upcoming.height)} upcoming and ` +
      `${many(r.events.height - upcoming.height, "recent event")}.` +
      (next
        ? ` Next: ${displayName(next[col("trade_name")] ?? next[col("drug_name")])}${whose(next)} ` +
          `${eventTypeLabel(next[col("type")]).toLowerCase()} on ${isoDay(next[col("event_date")] as Date)}.`
        : ""),
    charts: [{
      name: "catalyst_calendar",
      chart: catalystCalendarChart(r.events, {
        width: REPORT_CHART_WIDTH,
        ...(options.asOf ? { today: options.asOf } : {}),
        empty: catalystEmpty(who, options),
      }),
      data: [events],
    }],
    tables: [
      { title: "Events by type", frame: r.byType },
      { title: "Upcoming events", frame: upcoming, columns: shown },
    ],
    provenance: r.provenance,
    warnings: advised(meta(r).warnings, ["windowDays"], options.param),
  };
}

/** The sentence of an empty catalyst calendar: whose events, in which window, and what would widen it. */
function catalystEmpty(who: readonly string[], o: CatalystSectionOptions): string {
  const days = o.windowDays ?? 730;
  const around = o.asOf ? ` of ${isoDay(o.asOf)}` : "";
  const whose = who.length ? ` of ${nameList(who)}` : "";
  return `No approval, patent expiry or exclusivity expiry${whose} within ${days.toLocaleString("en-US")} ` +
    `days${around}` +
    (days < 3650
      ? `; the widest window (${(o.param ?? ((p) => p))("windowDays")} 3650) may find some.`
      : ".");
}

/** Target prioritization for a disease. */
export function targetSection(r: TargetPrioritization, disease: string): ReportSection {
  const white = r.targets.filter(pl.col("white_space"));
  const ranked: ReportTable = {
    title: "Ranked targets",
    frame: r.targets,
    columns: [
      "rank",
      "symbol",
      "target_name",
      "association_score",
      "novelty_score",
      "approved_drugs",
      "white_space",
      "composite",
    ],
  };
  return {
    title: "Target prioritization",
    summary: `${many(r.targets.height, "target")} for ${disease}; top ranked ` +
      `${first(r.targets, "symbol") ?? "n/a"}; ${many(white.height, "white-space target")}` +
      (white.height ? ` (${(white.getColumn("symbol").toArray() as string[]).join(", ")}).` : "."),
    charts: [{
      name: "target_prioritization",
      chart: targetPrioritizationChart(r.targets, {
        disease,
        width: REPORT_CHART_WIDTH,
        empty: `No drug target with an association score was found for ${disease}.`,
      }),
      data: [ranked],
    }],
    tables: [ranked],
    ...meta(r),
  };
}

/** Whose drugs the regulatory section shows besides the market's. */
export interface RegulatorySectionOptions {
  /** Each of the report's sponsors with its own landscape (`regulatoryLandscape({ sponsor })`). */
  readonly sponsors?: readonly { readonly sponsor: string; readonly r: RegulatoryLandscape }[];
  /**
   * Why the landscape is market-wide, said in the summary when no sponsor is given (e.g. "no sponsor was
   * given"); leave out when `r` is already one sponsor's landscape.
   */
  readonly marketWide?: string;
}

/** The tier mix of a landscape: `30% biologics, 55% modern small molecules, …`. */
function tierMix(byTier: pl.DataFrame): string {
  const rows = byTier.height ? byTier.toRecords() : [];
  const total = rows.reduce((a, t) => a + Number(t.drugs ?? 0), 0);
  return rows.filter((t) => Number(t.drugs) > 0)
    .map((t) => `${pct(Number(t.drugs) / total)} ${valueLabel("tier", t.tier).toLowerCase()}`)
    .join(", ");
}

/**
 * The regulatory landscape: the market's drugs by tier, year and sponsor, and — when the report names
 * sponsors — each sponsor's tiers beside the market's (one table), so the section answers for the report's
 * sponsors; without sponsors it says plainly that it is market-wide and why.
 *
 * @param r The market's (or one sponsor's) landscape.
 * @param scope What `r` covers, in words ("US approvals").
 * @param asOf The data's reference day (its year is partial on the chart).
 * @param options The report's sponsors with their landscapes, or why the section is market-wide.
 * @returns The section.
 */
export function regulatorySection(
  r: RegulatoryLandscape,
  scope: string,
  asOf?: Date,
  options: RegulatorySectionOptions = {},
): ReportSection {
  const own = options.sponsors ?? [];
  const sources = r.bySource.toRecords().map((s) => `${valueLabel("source", s.source)} ${n(s.approvals)}`)
    .join(", ");
  const mix = tierMix(r.byTier);
  const market = `${many(r.drugs.height, "drug")} in the landscape of ${scope}${mix ? ` (${mix})` : ""}`;
  const theirs = own.map(({ sponsor, r: o }) =>
    `${displayText(sponsor)}: ${many(o.drugs.height, "drug")}${
      tierMix(o.byTier) ? ` (${tierMix(o.byTier)})` : ""
    }`
  );
  const summary = own.length
    ? `${theirs.join("; ")}; beside the market: ${market}. Approvals by source (market): ${sources}.`
    : `${market}${
      options.marketWide ? `; market-wide, all sponsors' drugs, because ${options.marketWide}` : ""
    }. Approvals by source: ${sources}.`;
  // Each sponsor's tiers beside the market's: one row per tier and whose, with the share of its drugs.
  const tiers = (who: string, t: pl.DataFrame) => {
    const total = t.height ? Number(t.getColumn("drugs").sum()) : 0;
    return t.select(
      pl.lit(who).alias("sponsor"),
      pl.col("tier"),
      pl.col("drugs").cast(pl.Int64),
      (total > 0 ? pl.col("drugs").cast(pl.Float64).div(pl.lit(total)) : pl.lit(null).cast(pl.Float64))
        .alias("share_of_drugs_fraction"),
    );
  };
  const beside: ReportTable[] = own.length
    ? [{
      title: "Tiers: the sponsors beside the market",
      frame: pl.concat([
        ...own.map(({ sponsor, r: o }) => tiers(displayText(sponsor), o.byTier)),
        tiers("All sponsors (market)", r.byTier),
      ], { how: "vertical" }),
      rows: 4 * (own.length + 1),
    }]
    : [];
  const wide = own.length || options.marketWide;
  return {
    title: "Regulatory landscape",
    summary,
    charts: [{
      name: "regulatory_tiers",
      chart: regulatoryLandscapeChart(r.byYear, {
        bySponsor: r.bySponsor,
        asOf,
        width: REPORT_CHART_WIDTH,
        ...(wide
          ? { title: `Regulatory landscape of ${scope}, all sponsors: drugs by first approval year and tier` }
          : {}),
        empty: `No approved drug in the landscape of ${scope} has a first approval year in this data.`,
      }),
      data: [
        { title: "Drugs by first approval year", frame: r.byYear },
        { title: "Drugs by sponsor", frame: r.bySponsor },
      ],
    }],
    tables: [
      ...beside,
      { title: own.length ? "By tier (market)" : "By tier", frame: r.byTier },
      { title: "By source", frame: r.bySource },
    ],
    provenance: [...r.provenance, ...own.flatMap(({ r: o }) => o.provenance)],
    warnings: [...(meta(r).warnings ?? []), ...own.flatMap(({ r: o }) => meta(o).warnings ?? [])],
  };
}

/** Patent trends. */
export function patentSection(
  r: PatentTrends,
  scope: string,
  limits: { readonly cpc?: string; readonly compared?: readonly string[]; readonly asOf?: Date } = {},
): ReportSection {
  const last = r.byYear.height ? r.byYear.row(r.byYear.height - 1) : null;
  return {
    title: "Patent trends",
    summary: `Patents ${scope}` +
      (last ? `: ${n(last[1])} in ${last[0]} (${pct(last[3])} on the year before).` : ": none."),
    charts: [{
      name: "patent_trends",
      chart: patentTrendsChart(r.byYear, {
        companies: r.companies,
        unresolved: r.unresolved,
        cpc: limits.cpc,
        compared: limits.compared,
        subtitle: scope,
        asOf: limits.asOf,
        width: REPORT_CHART_WIDTH,
        empty: `No patent was published ${scope}` +
          (limits.cpc ? "; another CPC code (--cpc) or a broader prefix would widen it." : "."),
      }),
      data: [
        { title: "Patents per year", frame: r.byYear },
        { title: "Patents per company", frame: r.companies },
      ],
    }],
    tables: [{ title: "Top CPC codes", frame: r.topCpc }, { title: "YoY growth", frame: r.growth }],
    ...meta(r),
  };
}

/**
 * Disease comparison: measures the data lack (`known`: namespace → the import that adds it, e.g. Medicare
 * without Part D) or that are zero for every disease draw no panel and are said in a sentence.
 */
export function diseaseSection(r: DiseaseComparison, known?: ReadonlyMap<string, string>): ReportSection {
  const best = r.summary.filter(pl.col("resolved")).sort("competitiveness_index", true);
  const missing = new Map([...(known ?? []), ...missingData(r.provenance)]);
  const noPartD = missing.get("medicare");
  // A measure the data do not hold (Part D not imported) or that is zero for every disease draws no panel:
  // absent, not a row of zeros; the sentence says which.
  const resolved = r.summary.filter(pl.col("resolved"));
  const empty = diseaseChartDefaults.measures.filter((m) =>
    (m.column === "medicare_spending_usd" && noPartD !== undefined) ||
    !resolved.height || !resolved.columns.includes(m.column) ||
    (resolved.getColumn(m.column).toArray() as unknown[]).every((v) => v == null || Number(v) === 0)
  );
  const measures = diseaseChartDefaults.measures.filter((m) => !empty.includes(m));
  // The page shows the measures it draws (the CSV keeps every column, ids included).
  const columns = [
    "input",
    "disease",
    "total_trials",
    "total_approvals",
    "competitiveness_index",
    "medicare_spending_usd",
    "orphan_share_fraction",
  ].filter((c) => r.summary.columns.includes(c) && !empty.some((m) => m.column === c));
  const summary: ReportTable = {
    title: "Summary",
    // Readers see disease names; the ids stay in the CSV and the workbook.
    frame: noPartD === undefined ? r.summary : r.summary.drop("medicare_spending_usd"),
    columns,
  };
  const none = empty.filter((m) => !(m.column === "medicare_spending_usd" && noPartD !== undefined));
  return {
    title: "Disease comparison",
    summary: `${many(best.height, "disease landscape")} compared` +
      (best.height
        ? `; most competitive: ${first(best, "disease")} (index ${n(first(best, "competitiveness_index"))}).`
        : ".") +
      (best.height && none.length
        ? ` None of them has ${nameList(none.map((m) => m.label.replace(/ \(.*\)$/, "").toLowerCase()))} ` +
          "in this data, so those are not drawn."
        : "") +
      (noPartD !== undefined ? ` Medicare Part D spending is not in this data (${noPartD} adds it).` : ""),
    charts: [{
      name: "disease_comparison",
      chart: diseaseComparisonChart(r.summary, {
        byPhase: r.byPhase,
        width: REPORT_CHART_WIDTH,
        measures,
        ...(measures.some((m) => m.column === "medicare_spending_usd")
          ? {}
          : { caption: "Figures from each disease's landscape report." }),
      }),
      data: [summary, { title: "Trials by phase", frame: r.byPhase }],
    }],
    tables: [summary, ...(r.unresolved.height ? [{ title: "Not compared", frame: r.unresolved }] : [])],
    ...meta(r),
  };
}

/** Medicare spending for an indication. */
export function medicareSection(r: MedicareSpending, scope: string): ReportSection {
  const s = r.summary.height ? r.summary.toRecords()[0] : null;
  // No Part D in the data: absent, not "no drug matched" (and no chart of nothing).
  const absent = missingData(r.provenance).get("medicare");
  if (absent !== undefined) {
    return {
      title: "Medicare Part D spending",
      summary: `${scope}: Medicare Part D spending is not in this data (${absent} adds it).`,
      provenance: r.provenance,
      warnings: meta(r).warnings?.filter((w) =>
        typeof w === "string" || (w.code !== "no-data-source" && !/No Medicare rows/.test(w.message))
      ),
    };
  }
  return {
    title: "Medicare Part D spending",
    summary: s && Number(s.drugs) > 0
      ? `${scope}: ${usd(s.total_spending)} across ${many(s.drugs, "drug")}; branded ${
        pct(s.branded_share_fraction)
      } of spend.`
      : `${scope}: no Medicare Part D drugs matched.`,
    charts: [{
      name: "medicare_spending",
      chart: medicareSpendingChart(r.drugs, {
        subtitle: undefined,
        width: REPORT_CHART_WIDTH,
        empty: `No Medicare Part D drug matched (${
          scope.charAt(0).toLowerCase() + scope.slice(1)
        }); this is not evidence that none is reimbursed.`,
      }),
      data: [{ title: "Drugs", frame: r.drugs }],
    }],
    tables: [{ title: "Summary", frame: r.summary }],
    ...meta(r),
  };
}

/** A researcher's output. */
export function researcherSection(r: ResearcherOutput, name: string, asOf?: Date): ReportSection {
  return {
    title: "Researcher output",
    summary: `${name}: ${many(first(r.summary, "works"), "work")}, ` +
      `${many(first(r.summary, "citations"), "citation")}, h-index ${n(first(r.summary, "h_index"))} over ` +
      "the listed works.",
    charts: [{
      name: "researcher_output",
      chart: researcherOutputChart(r.byYear, { author: name, asOf, width: REPORT_CHART_WIDTH }),
      data: [{ title: "Works per year", frame: r.byYear }],
    }],
    tables: [{ title: "By work type", frame: r.byType }],
    ...meta(r),
  };
}

/** Each sponsor at a glance: a pipeline chart per sponsor; the tables name the sponsor on every row. */
export function sponsorSection(
  scans: readonly {
    readonly sponsor: string;
    readonly r: SponsorScan;
    /** The name to show (the report: the name the reader gave); default the organization it resolved to. */
    readonly label?: string;
  }[],
): ReportSection {
  const named = scans.map(({ sponsor, r, label }) => ({
    r,
    name: label ?? displayName(displayText(String(first(r.sponsor, "name") ?? sponsor))),
  }));
  const withName = (df: pl.DataFrame, name: string) =>
    df.withColumns(pl.lit(name).alias("sponsor")).select("sponsor", ...df.columns);
  const stack = (pick: (r: SponsorScan) => pl.DataFrame) =>
    pl.concat(named.map(({ r, name }) => withName(pick(r), name)), { how: "diagonalRelaxed" });
  // A part whose source the data lack (patents not imported, …) is absent, not zero: left out of the
  // sentence, and said once with the import flag that adds it.
  const missing = missingData(scans.flatMap(({ r }) => r.provenance));
  const sentence = ({ r, name }: { r: SponsorScan; name: string }) => {
    const c = (col: string) => formatCell(col, first(r.summary, col) ?? 0);
    const k = (col: string) => Number(first(r.summary, col) ?? 0);
    const parts = [
      ...(missing.has("trials") ? [] : [
        `${c("trials")} trial${k("trials") === 1 ? "" : "s"} (${c("late_stage_trials")} phase 3+)`,
      ]),
      ...(missing.has("regulatory") ? [] : [many(k("approvals"), "approval")]),
      ...(missing.has("regulatory") ? [] : [many(k("upcoming_catalysts"), "upcoming catalyst")]),
      ...(missing.has("patents") ? [] : [many(k("patents"), "patent")]),
    ];
    return `${name}: ${parts.join(", ")}.`;
  };
  const absent = [...missing].map(([what, how]) =>
    `${
      ({ trials: "Trials", regulatory: "Approvals", patents: "Patents" } as Record<string, string>)[what] ??
        what
    } are not in this data (${how} adds them).`
  );
  return {
    title: "Sponsor scan",
    summary: [...named.map(sentence), ...absent].join(" "),
    charts: named.map(({ r, name }, i) => ({
      name: i === 0 ? "sponsor_scan" : `sponsor_scan_${i + 1}`,
      chart: sponsorScanChart(r.pipeline, {
        summary: r.summary,
        sponsor: name,
        width: REPORT_CHART_WIDTH,
        ...(missing.size
          ? { subtitle: sentence({ r, name }).replace(/^[^:]*: /, "").replace(/\.$/, "") }
          : {}),
      }),
      data: [{ title: `Pipeline ${name}`.slice(0, 60), frame: withName(r.pipeline, name) }],
    })),
    tables: [
      { title: "Sponsor", frame: stack((r) => r.sponsor).drop("sponsor") },
      { title: "Approvals", frame: stack((r) => r.approvals), rows: 10 },
    ],
    provenance: scans.flatMap(({ r }) => r.provenance),
    warnings: scans.flatMap(({ r }) => meta(r).warnings ?? []),
  };
}
