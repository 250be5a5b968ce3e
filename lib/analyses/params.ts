/**
 * The parameters of the ten analyses as zod schemas: what each analysis checks on entry
 * ({@linkcode checkParams}, before any request) and what the MCP server publishes as its tools' input
 * schemas. One definition: the descriptions are the ones an assistant reads, and the types are tied to
 * the analyses' parameter interfaces at compile time (a field added to one and not the other fails
 * `deno check`).
 *
 * @example A list given as one string is named, with the fix
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkParams } from "./params.ts";
 * assert.throws(
 *   () => checkParams("portfolioOverlap", { sponsors: "Pfizer", condition: "asthma" }),
 *   /portfolioOverlap: sponsors must be a list, got "Pfizer"; pass \["Pfizer"\]/,
 * );
 * ```
 *
 * @module
 */
import { z } from "zod";
import { badInput } from "../client/errors.ts";
import type { CatalystCalendarParams } from "./catalyst_calendar.ts";
import type { DiseaseComparisonOptions } from "./disease_comparison.ts";
import type { LossOfExclusivityParams } from "./loss_of_exclusivity.ts";
import type { MedicareSpendingOptions } from "./medicare_spending.ts";
import type { PatentTrendsOptions } from "./patent_trends.ts";
import type { PortfolioOverlapParams } from "./portfolio_overlap.ts";
import type { RegulatoryLandscapeParams } from "./regulatory_landscape.ts";
import type { ResearcherOutputOptions } from "./researcher_output.ts";
import type { SponsorScanOptions } from "./sponsor_scan.ts";
import type { TargetPrioritizationParams } from "./target_prioritization.ts";

const names = (what: string) => z.array(z.string().min(1)).describe(what);
const year = (what: string) =>
  z.union([z.number().int(), z.string()]).describe(`${what} (year, or YYYY-MM-DD)`);
const entities = {
  sponsors: names('Sponsor (company) names, one call each, e.g. ["Pfizer"]').optional(),
  tickers: names("SEC tickers, one call each").optional(),
  leis: names("20-character LEIs, one call each").optional(),
  indication: z.string().describe("Disease keyword applied to every call").optional(),
  drugNames: names("Drug names or ids applied to every call (max 100)").max(100).optional(),
};

/** Zod schema of each analysis's parameters, by the analysis's function name. */
export const ANALYSIS_PARAMS = {
  portfolioOverlap: z.object({
    sponsors: names("1-10 sponsor names (2+ for the overlap matrix)").min(1).max(10),
    condition: z.string().min(1).describe('Condition keyword, e.g. "lung cancer"'),
    phase: z.string().describe('Phase filter, e.g. "Phase 2"').optional(),
    status: z.string().describe("Status filter, e.g. RECRUITING").optional(),
  }),
  catalystCalendar: z.object({
    ...entities,
    windowDays: z.number().int().min(1).max(3650).describe(
      "Days ahead for expiries and back for approvals (default 365)",
    )
      .optional(),
    limit: z.number().int().min(1).max(500).describe("Events per call (default 500)").optional(),
  }),
  targetPrioritization: z.object({
    disease: z.string().min(1).describe("Disease name").optional(),
    efo_id: z.string().min(1).describe("Disease CURIE, e.g. EFO:0000311 (takes precedence)").optional(),
    topN: z.number().int().min(1).max(200).describe("Targets to rank (default 20)").optional(),
    minScore: z.number().min(0).max(1).describe("Minimum association score (default 0)").optional(),
    weights: z.object({
      association: z.number().min(0).optional(),
      evidence: z.number().min(0).optional(),
      novelty: z.number().min(0).optional(),
      tractability: z.number().min(0).optional(),
    }).describe("Composite weights (default 0.4/0.2/0.2/0.2)").optional(),
    whiteSpaceMinScore: z.number().min(0).max(1).describe(
      "Association score from which a target with no approved drug is white space (default 0.5)",
    )
      .optional(),
    unavailable: z.array(z.enum(["evidence", "tractability"])).describe("Terms to weight 0").optional(),
  }),
  regulatoryLandscape: z.object({
    sponsor: z.string().min(1).describe("Sponsor name (its corporate family)").optional(),
    indication: z.string().min(1).describe("Indication keyword").optional(),
    region: z.enum(["US", "EU"]).optional(),
    minYear: z.number().int().describe("Only approvals from this year").optional(),
  }),
  patentTrends: z.object({
    company_id: z.string().min(1).describe("Assignee: raw string, organizations/<key>, ror:<id> or lei:<id>")
      .optional(),
    company_name: z.string().min(1).describe("Company name (when no company_id)").optional(),
    cpc_code: z.string().min(1).describe("CPC code or prefix, e.g. A61K").optional(),
    from: year("First year").optional(),
    to: year("Last year").optional(),
    compare: names("Companies to compare year by year").optional(),
    topN: z.number().int().min(1).max(100).describe("CPC codes to keep (default 10)").optional(),
    growthBy: z.enum(["cpc", "company"]).describe("Growth dimension (default cpc)").optional(),
    minOldCount: z.number().int().min(0).describe(
      "Hide growth groups smaller than this in the start year (default 50)",
    )
      .optional(),
  }),
  diseaseComparison: z.object({
    diseases: names("Disease names or CURIEs (EFO:0000311)").min(1),
  }),
  medicareSpending: z.object({
    efo_id: z.string().min(1).describe("Disease CURIE of an approved indication").optional(),
    molecule: z.string().min(1).describe("CHEMBL<n> id or exact generic name").optional(),
    search: z.string().min(1).describe("Complete generic or brand name (exact)").optional(),
    maxRows: z.number().int().min(1).describe("Stop after this many rows").optional(),
    all: z.boolean().describe("Every Medicare row, no filter").optional(),
  }),
  researcherOutput: z.object({
    authorId: z.string().min(1).describe("Author id: A<digits>, scholarly_A<digits> or its URL"),
    from: year("First year").optional(),
    to: year("Last year").optional(),
  }),
  sponsorScan: z.object({
    sponsor: z.string().min(1).describe("Sponsor or organization name"),
    condition: z.string().min(1).describe("Exact condition name").optional(),
    windowDays: z.number().int().min(1).max(3650).describe("Days ahead for catalysts (default 730)")
      .optional(),
    from: z.number().int().describe("First patent year").optional(),
    to: z.number().int().describe("Last patent year").optional(),
  }),
  lossOfExclusivity: z.object({
    ...entities,
    horizonYears: z.number().gt(0).max(10).describe("Years ahead, 1-10 (default 5)").optional(),
    limit: z.number().int().min(1).max(500).describe("Catalyst events per call (default 500)").optional(),
  }),
} as const;

/** An analysis's function name. */
export type AnalysisName = keyof typeof ANALYSIS_PARAMS;

// Compile-time tie between each schema and its analysis's interface: same keys, parsed values accepted.
type Tied<S extends z.ZodType, P> = [Exclude<keyof P, keyof z.output<S>>] extends [never]
  ? [Exclude<keyof z.output<S>, keyof P>] extends [never] ? z.output<S> extends P ? true : "types differ"
  : "schema has extra keys"
  : "schema lacks keys";
type P = typeof ANALYSIS_PARAMS;
const _tied: {
  [K in AnalysisName]: true;
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
};

const shown = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
};

/**
 * Checks an analysis's parameters against its schema before any request: the first problem becomes a
 * `TypeError` (wrong type) or `RangeError` (out of range) marked as bad input, naming the analysis, the
 * parameter, the value (a short prefix) and the fix.
 *
 * @param analysis The analysis's function name.
 * @param params Its parameters, as the caller gave them.
 * @throws {TypeError | RangeError} When a parameter does not fit.
 */
export function checkParams(analysis: AnalysisName, params: unknown): void {
  const r = ANALYSIS_PARAMS[analysis].safeParse(params ?? {});
  if (r.success) return;
  const issue = r.error.issues[0];
  const field = issue.path.map(String).join(".") || "(parameters)";
  let value: unknown = params;
  for (const k of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[k];
  if (issue.code === "invalid_type" && issue.expected === "array" && value !== undefined) {
    throw badInput(
      new TypeError(`${analysis}: ${field} must be a list, got ${shown(value)}; pass [${shown(value)}]`),
    );
  }
  const range = issue.code === "too_big" || issue.code === "too_small";
  const said = issue.message.replace(/^Invalid input: /, "");
  const message = issue.code === "invalid_type"
    ? value === undefined
      ? `${analysis}: ${field} is required (a ${issue.expected})`
      : `${analysis}: ${field} must be a ${issue.expected}, got ${shown(value)}`
    : `${analysis}: ${field} ${said[0].toLowerCase()}${said.slice(1)}` +
      (value === undefined ? "" : `, got ${shown(value)}`);
  throw badInput(range ? new RangeError(message) : new TypeError(message));
}
