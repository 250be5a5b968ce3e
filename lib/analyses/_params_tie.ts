/**
 * Private, compile-time only: ties each analysis's parameter schema to its parameter interface (same
 * keys, parsed values accepted), so a field added to one and not the other fails `deno check`. A file of
 * its own so that params.ts does not import the analyses that import it (no import cycle).
 *
 * @module
 */
import type { z } from "zod";
import type { SCHEMAS } from "./_params_schemas.ts";
import type { CatalystCalendarParams } from "./catalyst_calendar.ts";
import type { DiseaseComparisonOptions } from "./disease_comparison.ts";
import type { LossOfExclusivityParams } from "./loss_of_exclusivity.ts";
import type { MedicareSpendingOptions } from "./medicare_spending.ts";
import type { PhaseTransitionsParams } from "./phase_transitions.ts";
import type { PipelineOutlookParams } from "./pipeline_outlook.ts";
import type { PatentTrendsOptions } from "./patent_trends.ts";
import type { PortfolioOverlapParams } from "./portfolio_overlap.ts";
import type { RegulatoryLandscapeParams } from "./regulatory_landscape.ts";
import type { ResearcherOutputOptions } from "./researcher_output.ts";
import type { SponsorScanOptions } from "./sponsor_scan.ts";
import type { TargetPrioritizationParams } from "./target_prioritization.ts";

// Compile-time tie between each schema and its analysis's interface: same keys, parsed values accepted.
type Tied<S extends z.ZodType, P> = [Exclude<keyof P, keyof z.output<S>>] extends [never]
  ? [Exclude<keyof z.output<S>, keyof P>] extends [never] ? z.output<S> extends P ? true : "types differ"
  : "schema has extra keys"
  : "schema lacks keys";
type P = typeof SCHEMAS;
export const _tied: {
  [K in keyof P]: true;
} = {
  portfolioOverlap: true as Tied<P["portfolioOverlap"], PortfolioOverlapParams>,
  catalystCalendar: true as Tied<P["catalystCalendar"], CatalystCalendarParams>,
  targetPrioritization: true as Tied<P["targetPrioritization"], TargetPrioritizationParams>,
  regulatoryLandscape: true as Tied<P["regulatoryLandscape"], RegulatoryLandscapeParams>,
  patentTrends: true as Tied<P["patentTrends"], PatentTrendsOptions>,
  diseaseComparison: true as Tied<P["diseaseComparison"], DiseaseComparisonOptions>,
  medicareSpending: true as Tied<P["medicareSpending"], MedicareSpendingOptions>,
  researcherOutput: true as Tied<P["researcherOutput"], ResearcherOutputOptions>,
  sponsorScan: true as Tied<P["sponsorScan"], SponsorScanOptions>,
  lossOfExclusivity: true as Tied<P["lossOfExclusivity"], LossOfExclusivityParams>,
  phaseTransitions: true as Tied<P["phaseTransitions"], PhaseTransitionsParams>,
  pipelineOutlook: true as Tied<P["pipelineOutlook"], PipelineOutlookParams>,
};
