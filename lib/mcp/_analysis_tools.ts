/**
 * Private: the analyses as tools — the analysis, what an assistant reads about it, and the report
 * section that gives its summary sentence and chart (the report's own code, so the answer says what the
 * report says). Input schemas are the analyses' own ({@linkcode ANALYSIS_PARAMS}).
 *
 * @module
 */
import * as A from "../analyses/mod.ts";
import type { AnalysisName } from "../analyses/params.ts";
import type { Client } from "../client/mod.ts";
import type { ReportSection } from "../report/html.ts";
import * as S from "../report/sections.ts";
import { exclusivitySection } from "../report/exclusivity_section.ts";
import { outlookBenchmarkSection, outlookSection } from "../report/outlook_section.ts";
import { diseasePairs } from "../analyses/_loa_fetch.ts";

/** One analysis tool. */
export interface AnalysisTool {
  /** The analysis (its params schema is `ANALYSIS_PARAMS[analysis]`). */
  readonly analysis: AnalysisName;
  /** What it answers and what to pass, for the assistant. */
  readonly description: string;
  /** Runs it and builds the report section. */
  readonly run: (
    client: Client,
    params: never,
    ctx?: ToolContext,
  ) => Promise<{ result: object; section: ReportSection }>;
}

/** What a tool's section needs besides the result: the data's reference day, when the server knows it. */
export interface ToolContext {
  /** The day the data runs to (an embedded sandbox's today); charts and sentences count from it. */
  readonly asOf?: Date;
}

// deno-lint-ignore no-explicit-any
type Params<K extends AnalysisName> = Parameters<(typeof A)[K]>[1] & Record<string, any>;

function tool<K extends AnalysisName>(
  analysis: K,
  description: string,
  section: (r: Awaited<ReturnType<(typeof A)[K]>>, p: Params<K>, ctx: ToolContext) => ReportSection,
): AnalysisTool {
  return {
    analysis,
    description,
    run: async (client, params: Params<K>, ctx: ToolContext = {}) => {
      // deno-lint-ignore no-explicit-any
      const result = await (A[analysis] as any)(client, params);
      return { result, section: section(result, params, ctx) };
    },
  };
}

const who = (p: { sponsors?: readonly string[]; tickers?: readonly string[]; leis?: readonly string[] }) => {
  const all = [...p.sponsors ?? [], ...p.tickers ?? [], ...p.leis ?? []];
  return all.length ? all : ["The filters"];
};
const wherePairs = (
  p: { diseases?: readonly string[]; areas?: Readonly<Record<string, readonly string[]>> },
) => [...new Set(diseasePairs(p).map((x) => x.area))];
const yr = (v: number | string | undefined) => (v === undefined ? undefined : String(v).slice(0, 4));

/** The analysis tools, by tool name. */
export const ANALYSIS_TOOLS: Readonly<Record<string, AnalysisTool>> = {
  portfolio_overlap: tool(
    "portfolioOverlap",
    "Compare sponsors' clinical-trial portfolios in one condition: trials per sponsor by phase and status, " +
      "shared trials, pairwise overlap (Jaccard) and market share.",
    (r, p) => S.portfolioSection(r, p.sponsors, p.condition),
  ),
  catalyst_calendar: tool(
    "catalystCalendar",
    "Upcoming patent and exclusivity expiries and recent approvals (catalysts) for sponsors, tickers, " +
      "LEIs, an indication or drugs; pass at least one.",
    (r, p, ctx) => S.catalystSection(r, who(p), { asOf: ctx.asOf, windowDays: p.windowDays }),
  ),
  target_prioritization: tool(
    "targetPrioritization",
    "Rank a disease's drug targets by a composite of association, evidence, novelty and tractability; " +
      "flags white space (strong association, no approved drug). Pass disease or efo_id.",
    (r, p) => S.targetSection(r, p.disease ?? p.efo_id ?? "the disease"),
  ),
  regulatory_landscape: tool(
    "regulatoryLandscape",
    "Approved drugs tiered into biologics, modern small molecules and commodities, by year and sponsor, " +
      "and approvals by source; optionally for a sponsor, indication or region.",
    (r, p, ctx) =>
      S.regulatorySection(
        r,
        `${p.region ?? "all"} approvals${
          p.sponsor || p.indication ? ` (${[p.sponsor, p.indication].filter(Boolean).join(", ")})` : ""
        }`,
        ctx.asOf,
        // Without a sponsor the answer is the whole market, and says so and why.
        p.sponsor ? {} : { marketWide: "no sponsor was given (pass sponsor for one sponsor's drugs)" },
      ),
  ),
  patent_trends: tool(
    "patentTrends",
    "Patent publications by year, top CPC codes and year-on-year growth, for a company and/or CPC code, " +
      "with companies compared year by year.",
    (r, p) =>
      S.patentSection(
        r,
        [
          p.cpc_code && `in CPC ${p.cpc_code}`,
          p.company_name ?? p.company_id,
          p.from && `${yr(p.from)}–${yr(p.to) ?? ""}`,
        ]
          .filter(Boolean).join(", ") || "(all)",
        { cpc: p.cpc_code, compared: p.compare },
      ),
  ),
  disease_comparison: tool(
    "diseaseComparison",
    "Compare diseases' landscapes: trials, approvals, competitiveness, Medicare spending, orphan share, " +
      "trials by phase.",
    (r) => S.diseaseSection(r),
  ),
  medicare_spending: tool(
    "medicareSpending",
    "Medicare Part D spending, claims and beneficiaries per drug, for an indication (efo_id), a molecule " +
      "or an exact drug name; pass at least one.",
    (r, p) => S.medicareSection(r, p.efo_id ?? p.molecule ?? p.search ?? "All drugs"),
  ),
  researcher_output: tool(
    "researcherOutput",
    "A researcher's works, citations and h-index by year and work type.",
    (r, p, ctx) => S.researcherSection(r, r.author?.name ?? p.authorId, ctx.asOf),
  ),
  sponsor_scan: tool(
    "sponsorScan",
    "One sponsor at a glance: trials by phase, approvals, upcoming catalysts and patent activity.",
    (r, p) => S.sponsorSection([{ sponsor: p.sponsor, r }]),
  ),
  loss_of_exclusivity: tool(
    "lossOfExclusivity",
    "Drugs whose last patent or exclusivity ends within a horizon, with the Medicare Part D spending " +
      "exposed, for sponsors, tickers, LEIs, an indication or drugs.",
    (r, p) => exclusivitySection(r, who(p), p.horizonYears ?? 5),
  ),
  phase_transitions: tool(
    "phaseTransitions",
    "Likelihood of approval: phase-transition success rates (Wilson intervals), LOA from each phase " +
      "(phase-by-phase and path-by-path) and median years, for drugs in diseases or areas.",
    (r, p) => outlookBenchmarkSection(r, wherePairs(p)),
  ),
  pipeline_outlook: tool(
    "pipelineOutlook",
    "Risk-adjusted pipeline: sponsors' active programmes in diseases with their probability of approval " +
      "(trial-pos beside), expected approvals per year and per sponsor. Weighed by published BIO/Informa/QLS " +
      "2011-2020 rates by default; benchmark 'computed' with benchmarkDrugs uses those drugs' programmes only " +
      "when adequate. The answer says which benchmark was used and why.",
    (r, p) => outlookSection(r, p.sponsors, wherePairs(p)),
  ),
};
