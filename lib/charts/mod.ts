/**
 * Charts and notebook display: a headless DOM for Observable Plot, standalone SVG/PNG rendering that keeps
 * titles and legends, inline display in Deno Jupyter notebooks, DataFrame tables with dtypes and
 * provenance, and a progress bar for long fetches.
 *
 * @example Render a chart with a title and legend to SVG and PNG
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { chart } from "@research-intel/toolkit/charts";
 * import assert from "node:assert/strict";
 * const c = chart({
 *   title: "Trials by phase",
 *   color: { legend: true },
 *   marks: [Plot.barY([{ phase: "Phase 1", n: 3 }, { phase: "Phase 2", n: 5 }], { x: "phase", y: "n", fill: "phase" })],
 * });
 * assert.match(c.svg(), /Trials by phase/);
 * assert.ok(c.png().length > 1000);
 * ```
 *
 * @module
 */
export * from "./dom.ts";
export * from "./render.ts";
export * from "./display.ts";
export * from "./show.ts";
export * from "./progress.ts";
export type { DataFrame } from "../frames/polars.ts";
export type { BaseChartOptions } from "./_kit.ts";
export {
  defaults as patentTrendsChartDefaults,
  patentTrendsChart,
  type PatentTrendsChartOptions,
} from "./patent_trends_chart.ts";
export {
  defaults as medicareSpendingChartDefaults,
  medicareSpendingChart,
  type MedicareSpendingChartOptions,
} from "./medicare_spending_chart.ts";
export {
  defaults as researcherOutputChartDefaults,
  researcherOutputChart,
  type ResearcherOutputChartOptions,
} from "./researcher_output_chart.ts";
export {
  defaults as portfolioOverlapChartDefaults,
  portfolioOverlapChart,
  type PortfolioOverlapChartOptions,
} from "./portfolio_overlap_chart.ts";
export {
  defaults as diseaseComparisonChartDefaults,
  diseaseComparisonChart,
  type DiseaseComparisonChartOptions,
  type DiseaseMeasure,
  phaseLabel,
} from "./disease_comparison_chart.ts";
export {
  defaults as regulatoryLandscapeChartDefaults,
  regulatoryLandscapeChart,
  type RegulatoryLandscapeChartOptions,
  tierLabel,
} from "./regulatory_landscape_chart.ts";
export {
  catalystCalendarChart,
  type CatalystCalendarChartOptions,
  defaults as catalystCalendarChartDefaults,
  eventTypeLabel,
} from "./catalyst_calendar_chart.ts";
export {
  defaults as targetPrioritizationChartDefaults,
  targetPrioritizationChart,
  type TargetPrioritizationChartOptions,
} from "./target_prioritization_chart.ts";
export {
  defaults as sponsorScanChartDefaults,
  sponsorScanChart,
  type SponsorScanChartOptions,
  statusGroup,
} from "./sponsor_scan_chart.ts";
export {
  defaults as lossOfExclusivityChartDefaults,
  lossOfExclusivityChart,
  type LossOfExclusivityChartOptions,
} from "./loss_of_exclusivity_chart.ts";
export {
  phaseFunnelChart,
  type PhaseFunnelChartOptions,
  pipelineOutlookChart,
  type PipelineOutlookChartOptions,
} from "./likelihood_of_approval_chart.ts";
export {
  defaults as watchChangesChartDefaults,
  watchChangesChart,
  type WatchChangesChartOptions,
} from "./watch_changes_chart.ts";
