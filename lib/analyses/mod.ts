/**
 * Analyses of the life-science research landscape. Each has a pure core (DataFrames in, DataFrames
 * out) and a thin wrapper taking the client; wrappers return an `AnalysisResult` (named frames plus
 * provenance, warnings and completeness) that displays as HTML in Jupyter.
 *
 * 1. {@linkcode portfolioOverlap} — sponsors' trials in a condition, shared trials, overlap matrix.
 * 2. {@linkcode catalystCalendar} — patent/exclusivity expiries and approvals, merged across entities.
 * 3. {@linkcode targetPrioritization} — targets ranked by a composite score, with white space.
 * 4. {@linkcode regulatoryLandscape} — drugs by tier over time and by sponsor; approvals by source.
 * 5. {@linkcode patentTrends} — patents by year, top CPC codes, a company comparison, YoY growth.
 * 6. {@linkcode diseaseComparison} — disease landscapes side by side, with the competitiveness index.
 * 7. {@linkcode medicareSpending} — Medicare Part D spend by drug for an indication, molecule or name.
 * 8. {@linkcode researcherOutput} — a researcher's works per year, citations, types, open access.
 * 9. {@linkcode sponsorScan} — one sponsor at a glance: trials, approvals, catalysts, patents.
 * 10. {@linkcode lossOfExclusivity} — when drugs lose their last protection, and the Medicare spend at stake.
 * 11. {@linkcode phaseTransitions} — likelihood of approval: phase-transition success rates from trial histories.
 * 12. {@linkcode pipelineOutlook} — the risk-adjusted pipeline: sponsors' expected approvals per year.
 *
 * Each analysis checks its parameters before any request ({@linkcode checkParams}, schemas in
 * {@linkcode ANALYSIS_PARAMS}) and says how its derived columns are computed in `result.definitions`.
 *
 * @example The pure core of the portfolio overlap
 * ```ts
 * import assert from "node:assert/strict";
 * import { toFrame } from "@research-intel/toolkit/frames";
 * import { portfolioOverlapFromFrames } from "@research-intel/toolkit/analyses";
 * const comparison = toFrame("portfolioSponsor", [
 *   { sponsor: "A", resolved_name: null, trial_count: 0, by_phase: {}, by_status: {} },
 * ]);
 * assert.equal(portfolioOverlapFromFrames({ comparison }).sponsors.getColumn("resolved").toArray()[0], false);
 * ```
 *
 * @module
 */
export * from "./portfolio_overlap.ts";
export * from "./catalyst_calendar.ts";
export * from "./target_prioritization.ts";
export * from "./regulatory_landscape.ts";
export * from "./patent_trends.ts";
export * from "./disease_comparison.ts";
export * from "./medicare_spending.ts";
export * from "./researcher_output.ts";
export * from "./sponsor_scan.ts";
export * from "./loss_of_exclusivity.ts";
export * from "./phase_transitions.ts";
export * from "./pipeline_outlook.ts";
export * from "./params.ts";
export type { DataFrame } from "../frames/polars.ts";
export type { StandardSchemaV1 } from "../client/standard_schema.ts";
export type {
  AggregateBucket,
  DiseaseLandscape,
  DiseaseRow,
  MedicareRow,
  OrganizationRow,
  WorkRow,
  YoyGrowthRow,
} from "../client/schemas/_rows.gen.ts";
export type { RecordExpiry } from "./_loe_horizon.ts";
export type { OrganizationsClient } from "./_resolve_entity.ts";
