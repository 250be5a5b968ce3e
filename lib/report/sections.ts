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
import { catalystCalendarChart } from "../charts/catalyst_calendar_chart.ts";
import { diseaseComparisonChart } from "../charts/disease_comparison_chart.ts";
import { medicareSpendingChart } from "../charts/medicare_spending_chart.ts";
import { patentTrendsChart } from "../charts/patent_trends_chart.ts";
import { portfolioOverlapChart } from "../charts/portfolio_overlap_chart.ts";
import { regulatoryLandscapeChart } from "../charts/regulatory_landscape_chart.ts";
import { researcherOutputChart } from "../charts/researcher_output_chart.ts";
import { sponsorScanChart } from "../charts/sponsor_scan_chart.ts";
import { targetPrioritizationChart } from "../charts/target_prioritization_chart.ts";
import { compact, pct, usd } from "../charts/_kit.ts";
import { formatCell } from "../frames/semantics.ts";
import type { ReportSection } from "./html.ts";

/** Provenance and warnings of a result, plus a warning when a call was capped. */
export const meta = (r: AnalysisMeta): Pick<ReportSection, "provenance" | "warnings"> => ({
  provenance: r.provenance,
  warnings: [
    ...r.warnings,
    ...(r.complete ? [] : ["Incomplete: at least one call was capped; more rows exist than are shown"]),
  ],
});

const first = (df: pl.DataFrame, col: string): unknown => (df.height ? df.getColumn(col).get(0) : null);

/** Portfolio overlap of sponsors in a condition. */
export function portfolioSection(
  r: PortfolioOverlap,
  sponsors: readonly string[],
  condition: string,
): ReportSection {
  const pairs = r.matrix.filter(pl.col("sponsor_a").lt(pl.col("sponsor_b"))).sort("shared", true);
  const top = pairs.height ? pairs.row(0) : null;
  return {
    title: "Portfolio overlap",
    summary:
      `${sponsors.join(", ")} in ${condition}: ${
        first(r.market, "market_size_trials") ?? "?"
      } trials in the ` +
      `condition, ${first(r.market, "shared_by_two_or_more") ?? 0} shared by at least two of them.` +
      (top
        ? ` Largest overlap: ${top[0]} × ${top[1]} (${top[2]} shared trials, Jaccard ${pct(top[3])}).`
        : ""),
    charts: [{ name: "portfolio_overlap", chart: portfolioOverlapChart(r.matrix, { condition }) }],
    tables: [{ title: "Sponsors", frame: r.sponsors }, { title: "Shared trials", frame: r.shared, rows: 10 }],
    ...meta(r),
  };
}

/** Catalyst calendar of sponsors. */
export function catalystSection(r: CatalystCalendar, who: readonly string[]): ReportSection {
  const upcoming = r.events.filter(pl.col("when").eq(pl.lit("upcoming")));
  const next = upcoming.height ? upcoming.row(0) : null;
  const col = (c: string) => upcoming.columns.indexOf(c);
  return {
    title: "Catalyst calendar",
    summary:
      `${who.join(", ")}: ${upcoming.height} upcoming and ${
        r.events.height - upcoming.height
      } recent events.` +
      (next
        ? ` Next: ${next[col("trade_name")]} ${String(next[col("type")]).replace(/_/g, " ")} on ` +
          `${(next[col("event_date")] as Date).toISOString().slice(0, 10)}.`
        : ""),
    charts: [{ name: "catalyst_calendar", chart: catalystCalendarChart(r.events) }],
    tables: [
      { title: "Events by type", frame: r.byType },
      {
        title: "Upcoming events",
        frame: upcoming.select("event_date", "days_to_event", "type", "trade_name", "drug_name"),
      },
    ],
    ...meta(r),
  };
}

/** Target prioritization for a disease. */
export function targetSection(r: TargetPrioritization, disease: string): ReportSection {
  const white = r.targets.filter(pl.col("white_space"));
  return {
    title: "Target prioritization",
    summary:
      `${r.targets.height} targets for ${disease}; top ranked ${first(r.targets, "symbol") ?? "n/a"}; ` +
      `${white.height} white-space target${white.height === 1 ? "" : "s"}` +
      (white.height ? ` (${(white.getColumn("symbol").toArray() as string[]).join(", ")}).` : "."),
    charts: [{ name: "target_prioritization", chart: targetPrioritizationChart(r.targets, { disease }) }],
    tables: [{
      title: "Ranked targets",
      frame: r.targets.select(
        "rank",
        "symbol",
        "target_name",
        "association_score",
        "novelty_score",
        "approved_count",
        "white_space",
        "composite",
      ),
    }],
    ...meta(r),
  };
}

/** Regulatory landscape. */
export function regulatorySection(r: RegulatoryLandscape, scope: string, asOf?: Date): ReportSection {
  return {
    title: "Regulatory landscape",
    summary: `${r.drugs.height} drugs in the landscape of ${scope}; approvals by source: ` +
      r.bySource.toRecords().map((s) => `${s.source} ${compact(s.approvals)}`).join(", ") + ".",
    charts: [{
      name: "regulatory_tiers",
      chart: regulatoryLandscapeChart(r.byYear, { bySponsor: r.bySponsor, asOf }),
    }],
    tables: [{ title: "By tier", frame: r.byTier }, { title: "By source", frame: r.bySource }],
    ...meta(r),
  };
}

/** Patent trends. */
export function patentSection(
  r: PatentTrends,
  scope: string,
  limits: { readonly cpc?: string; readonly compared?: readonly string[] } = {},
): ReportSection {
  const last = r.byYear.height ? r.byYear.row(r.byYear.height - 1) : null;
  return {
    title: "Patent trends",
    summary: `Patents ${scope}` +
      (last ? `: ${compact(last[1])} in ${last[0]} (${pct(last[3])} on the year before).` : ": none."),
    charts: [{
      name: "patent_trends",
      chart: patentTrendsChart(r.byYear, {
        companies: r.companies,
        unresolved: r.unresolved,
        cpc: limits.cpc,
        compared: limits.compared,
        subtitle: scope,
      }),
    }],
    tables: [{ title: "Top CPC codes", frame: r.topCpc }, { title: "YoY growth", frame: r.growth }],
    ...meta(r),
  };
}

/** Disease comparison. */
export function diseaseSection(r: DiseaseComparison): ReportSection {
  const best = r.summary.filter(pl.col("resolved")).sort("competitiveness_index", true);
  return {
    title: "Disease comparison",
    summary: `${best.height} disease landscape${best.height === 1 ? "" : "s"} compared` +
      (best.height
        ? `; most competitive: ${first(best, "disease")} (index ${first(best, "competitiveness_index")}).`
        : "."),
    charts: [{
      name: "disease_comparison",
      chart: diseaseComparisonChart(r.summary, { byPhase: r.byPhase }),
    }],
    tables: [{
      title: "Summary",
      frame: r.summary.select(
        "input",
        "efo_id",
        "total_trials",
        "total_approvals",
        "competitiveness_index",
        "medicare_spending_usd",
        "orphan_share_fraction",
      ),
    }, ...(r.unresolved.height ? [{ title: "Not compared", frame: r.unresolved }] : [])],
    ...meta(r),
  };
}

/** Medicare spending for an indication. */
export function medicareSection(r: MedicareSpending, scope: string): ReportSection {
  const s = r.summary.height ? r.summary.toRecords()[0] : null;
  return {
    title: "Medicare Part D spending",
    summary: s && Number(s.drugs) > 0
      ? `${scope}: ${usd(s.total_spending)} across ${s.drugs} drugs; branded ${
        pct(s.branded_share_fraction)
      } of spend.`
      : `${scope}: no Medicare Part D drugs matched.`,
    charts: [{ name: "medicare_spending", chart: medicareSpendingChart(r.drugs, { subtitle: undefined }) }],
    tables: [{ title: "Summary", frame: r.summary }],
    ...meta(r),
  };
}

/** A researcher's output. */
export function researcherSection(r: ResearcherOutput, name: string, asOf?: Date): ReportSection {
  return {
    title: "Researcher output",
    summary:
      `${name}: ${first(r.summary, "works")} works, ${compact(first(r.summary, "citations"))} citations, ` +
      `h-index ${first(r.summary, "h_index")} over the listed works.`,
    charts: [{ name: "researcher_output", chart: researcherOutputChart(r.byYear, { author: name, asOf }) }],
    tables: [{ title: "By work type", frame: r.byType }],
    ...meta(r),
  };
}

/** One sponsor at a glance. */
export function sponsorSection(r: SponsorScan, sponsor: string): ReportSection {
  const name = String(first(r.sponsor, "name") ?? sponsor);
  const n = (col: string) => formatCell(col, first(r.summary, col) ?? 0);
  return {
    title: "Sponsor scan",
    summary: `${name}: ${n("trials")} trials (${n("late_stage_trials")} phase 3+), ${n("approvals")} ` +
      `approvals, ${n("upcoming_catalysts")} upcoming catalysts, ${n("patents")} patents.`,
    charts: [{
      name: "sponsor_scan",
      chart: sponsorScanChart(r.pipeline, { summary: r.summary, sponsor: name }),
    }],
    tables: [{ title: "Sponsor", frame: r.sponsor }, { title: "Approvals", frame: r.approvals, rows: 10 }],
    ...meta(r),
  };
}
